import { arrayMove } from '@dnd-kit/sortable';
import type { z } from 'zod';
import { DeletedQuestion, isInterviewDateItem, type QuestionnaireEditorBody, type QuestionnaireEditorModel } from '@lea/shared';
import {
  applyItemPatch,
  blocksOf,
  createBlock,
  createRow,
  questionsOf,
  type Block,
  type BlockDefaults,
  type BlockKind,
  type BlockPatch,
  type RowPatch,
  type Settings,
} from './blocks';

/** Field errors of the last check or save: settings by body path, blocks by key (path inside the block). */
export type EditorErrors = { settings: Record<string, string>; blocks: Record<string, Record<string, string>> };
export const NO_ERRORS: EditorErrors = { settings: {}, blocks: {} };

/** The skill session a questionnaire is generated from (spec 3 §7.1): its first save sends `?skillSession=`. */
export type SkillSessionLink = { id: number; name: string };

/**
 * The editor (spec 3 §4 "Questionnaire editor"): the settings, the blocks, the selected block, the
 * items deleted since the last save, the skill session it was generated from (until its first save)
 * and the `saved` flag, false after any change.
 */
export type EditorState = {
  questionnaireId: number | null;
  isAlreadySigned: boolean;
  settings: Settings;
  blocks: Block[];
  deletedQuestions: z.infer<typeof DeletedQuestion>[];
  selectedKey: string | null;
  skillSession: SkillSessionLink | null;
  saved: boolean;
  errors: EditorErrors;
};

export type EditorAction =
  | { type: 'settings'; patch: Partial<Settings> }
  | { type: 'add'; kind: BlockKind; defaults: BlockDefaults }
  | { type: 'select'; key: string | null }
  | { type: 'update'; key: string; patch: BlockPatch; defaults: BlockDefaults }
  | { type: 'move'; from: string; to: string }
  | { type: 'remove'; key: string }
  | { type: 'addRow'; key: string; defaults: BlockDefaults }
  | { type: 'updateRow'; key: string; rowKey: string; patch: RowPatch; defaults: BlockDefaults }
  | { type: 'moveRow'; key: string; from: number; to: number }
  | { type: 'removeRow'; key: string; rowKey: string }
  | { type: 'errors'; errors: EditorErrors; select?: string | null }
  | { type: 'saved'; model: QuestionnaireEditorModel }
  | { type: 'reset'; state: EditorState };

/** The settings keys of the body, read from a model or a body (read-only keys of the model left out). */
export function settingsOf(source: QuestionnaireEditorBody | QuestionnaireEditorModel): Settings {
  return {
    title: source.title,
    code: source.code,
    description: source.description,
    descriptionPdf: source.descriptionPdf,
    message: source.message,
    active: source.active,
    locked: source.locked,
    category: source.category ? { id: source.category.id } : null,
    year: source.year,
    visibleBy: source.visibleBy,
    signedBy: source.signedBy,
    marksVisibleBy: source.marksVisibleBy,
    canBeCopiedBy: source.canBeCopiedBy,
    useComments: source.useComments,
    allProfileDates: source.allProfileDates,
    accessDates: source.accessDates,
    useCrewDates: source.useCrewDates,
    crews: source.crews.map(({ id, startDate, endDate }) => ({ id, startDate, endDate })),
    triads: source.triads.map(({ id }) => ({ id })),
    completenessDate: source.completenessDate,
    firstReminder: source.firstReminder,
    secondReminder: source.secondReminder,
    useInterviewDate: source.useInterviewDate,
    interviewDateLabel: source.interviewDateLabel,
    interviewDateVisibleBy: source.interviewDateVisibleBy,
    markAutomatic: source.markAutomatic,
    markMaximum: source.markMaximum,
    secondaryQuestionnaires: source.secondaryQuestionnaires.map(({ id }) => ({ id })),
  };
}

/** A saved questionnaire as the editor shows it: the interview date item stays with the settings. */
export function stateFromModel(model: QuestionnaireEditorModel): EditorState {
  return {
    questionnaireId: model.id,
    isAlreadySigned: model.isAlreadySigned,
    settings: settingsOf(model),
    blocks: blocksOf(model.questions.filter((item) => !isInterviewDateItem(item))),
    deletedQuestions: [],
    selectedKey: null,
    skillSession: null,
    saved: true,
    errors: NO_ERRORS,
  };
}

/** The body PUT or POST sends (spec 3 §7.1: with the deleted-questions list). */
export function bodyOf(state: EditorState): QuestionnaireEditorBody {
  return { ...state.settings, questions: questionsOf(state.blocks), deletedQuestions: state.deletedQuestions };
}

function mapBlock(state: EditorState, key: string, change: (block: Block) => Block): Block[] {
  return state.blocks.map((block) => (block.key === key ? change(block) : block));
}

/** A change clears the errors of what it touched: they were about the old value. */
function withoutBlockErrors(errors: EditorErrors, key: string): EditorErrors {
  if (!(key in errors.blocks)) return errors;
  const { [key]: _dropped, ...blocks } = errors.blocks;
  return { ...errors, blocks };
}

function withoutSettingErrors(errors: EditorErrors, keys: string[]): EditorErrors {
  const settings = Object.fromEntries(
    Object.entries(errors.settings).filter(([field]) => !keys.some((key) => field === key || field.startsWith(`${key}.`))),
  );
  return { ...errors, settings };
}

function changed(state: EditorState, next: Partial<EditorState>): EditorState {
  return { ...state, ...next, saved: false };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'settings':
      return changed(state, {
        settings: { ...state.settings, ...action.patch },
        errors: withoutSettingErrors(state.errors, Object.keys(action.patch)),
      });
    case 'add': {
      const block = createBlock(action.kind, state.settings.signedBy, action.defaults);
      // A new block goes under the selected one, else at the end; it is selected to be edited.
      const at = state.blocks.findIndex((item) => item.key === state.selectedKey);
      const blocks = at < 0 ? [...state.blocks, block] : [...state.blocks.slice(0, at + 1), block, ...state.blocks.slice(at + 1)];
      return changed(state, { blocks, selectedKey: block.key });
    }
    case 'select':
      return { ...state, selectedKey: action.key };
    case 'update':
      return changed(state, {
        blocks: mapBlock(state, action.key, (block) => applyItemPatch(block, action.patch, action.defaults)),
        errors: withoutBlockErrors(state.errors, action.key),
      });
    case 'move': {
      const from = state.blocks.findIndex((block) => block.key === action.from);
      const to = state.blocks.findIndex((block) => block.key === action.to);
      if (from < 0 || to < 0 || from === to) return state;
      return changed(state, { blocks: arrayMove(state.blocks, from, to) });
    }
    case 'remove': {
      const block = state.blocks.find((item) => item.key === action.key);
      if (!block) return state;
      // A saved item must be named in deletedQuestions, or the server keeps it (docs/api, Saving §5).
      const deleted = block.id ? [...state.deletedQuestions, { itemType: block.itemType, id: block.id }] : state.deletedQuestions;
      return changed(state, {
        blocks: state.blocks.filter((item) => item.key !== action.key),
        deletedQuestions: deleted,
        selectedKey: state.selectedKey === action.key ? null : state.selectedKey,
        errors: withoutBlockErrors(state.errors, action.key),
      });
    }
    case 'addRow':
      return changed(state, {
        blocks: mapBlock(state, action.key, (block) => ({
          ...block,
          questions: [...block.questions, createRow(block, block.questions.length + 1, action.defaults)],
        })),
        errors: withoutBlockErrors(state.errors, action.key),
      });
    case 'updateRow':
      return changed(state, {
        blocks: mapBlock(state, action.key, (block) => ({
          ...block,
          questions: block.questions.map((row) => (row.key === action.rowKey ? applyItemPatch(row, action.patch, action.defaults) : row)),
        })),
        errors: withoutBlockErrors(state.errors, action.key),
      });
    case 'moveRow':
      return changed(state, {
        blocks: mapBlock(state, action.key, (block) => ({ ...block, questions: arrayMove(block.questions, action.from, action.to) })),
      });
    case 'removeRow': {
      const row = state.blocks.find((block) => block.key === action.key)?.questions.find((item) => item.key === action.rowKey);
      if (!row) return state;
      return changed(state, {
        blocks: mapBlock(state, action.key, (block) => ({
          ...block,
          questions: block.questions.filter((item) => item.key !== action.rowKey),
        })),
        deletedQuestions: row.id ? [...state.deletedQuestions, { itemType: row.itemType, id: row.id }] : state.deletedQuestions,
        errors: withoutBlockErrors(state.errors, action.key),
      });
    }
    case 'errors':
      return { ...state, errors: action.errors, selectedKey: action.select === undefined ? state.selectedKey : action.select };
    case 'saved': {
      // The server's model replaces the draft: new items now carry their ids.
      const selectedIndex = state.blocks.findIndex((block) => block.key === state.selectedKey);
      const next = stateFromModel(action.model);
      return { ...next, selectedKey: selectedIndex >= 0 ? (next.blocks[selectedIndex]?.key ?? null) : null };
    }
    case 'reset':
      return action.state;
  }
}

/** A blank questionnaire: the body's defaults (signedBy the manager only, spec 3 §5) and a title. */
export function blankState(settings: Settings): EditorState {
  return {
    questionnaireId: null,
    isAlreadySigned: false,
    settings,
    blocks: [],
    deletedQuestions: [],
    selectedKey: null,
    skillSession: null,
    saved: false,
    errors: NO_ERRORS,
  };
}
