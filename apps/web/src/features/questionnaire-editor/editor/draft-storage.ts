import { z } from 'zod';
import { QuestionnaireEditorBody } from '@lea/shared';
import { readLocal, writeLocal } from '../../../shell/session';
import { settingsOf, NO_ERRORS, type EditorState } from './editor-state';
import type { Block, Settings } from './blocks';

/**
 * The local draft copy of spec 3 §4: every unsaved questionnaire of the browser, by course and
 * questionnaire (`new` for one not saved yet), in one localStorage entry. It survives a reload and
 * is dropped once saved or discarded.
 */
const StoredDraft = z.object({
  questionnaireId: z.number().int().nullable(),
  isAlreadySigned: z.boolean(),
  body: QuestionnaireEditorBody,
  /** The client keys of the blocks, in order, then of each block's rows: selection and errors follow them. */
  keys: z.array(z.object({ key: z.string(), rows: z.array(z.string()) })),
  selectedKey: z.string().nullable(),
  /** Generated from a skill session: kept so that saving the restored draft still links it (absent in older drafts). */
  skillSession: z.object({ id: z.number().int().positive(), name: z.string() }).nullable().default(null),
});
type StoredDraft = z.infer<typeof StoredDraft>;

const Drafts = z.record(z.string(), z.unknown());

export function draftKey(courseId: number, questionnaireId: number | null): string {
  return `${courseId}:${questionnaireId ?? 'new'}`;
}

function readAll(): Record<string, unknown> {
  try {
    const parsed = Drafts.safeParse(JSON.parse(readLocal('questionnaireDraft') ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function writeAll(drafts: Record<string, unknown>): void {
  writeLocal('questionnaireDraft', Object.keys(drafts).length === 0 ? null : JSON.stringify(drafts));
}

function toStored(state: EditorState): StoredDraft {
  return {
    questionnaireId: state.questionnaireId,
    isAlreadySigned: state.isAlreadySigned,
    body: {
      ...state.settings,
      questions: state.blocks.map(({ key: _key, questions, ...block }) => ({
        ...block,
        questions: questions.map(({ key: _rowKey, ...row }) => row),
      })),
      deletedQuestions: state.deletedQuestions,
    },
    keys: state.blocks.map((block) => ({ key: block.key, rows: block.questions.map((row) => row.key) })),
    selectedKey: state.selectedKey,
    skillSession: state.skillSession,
  };
}

function fromStored(draft: StoredDraft): EditorState {
  const blocks: Block[] = draft.body.questions.map((question, index) => {
    const keys = draft.keys[index];
    return {
      ...question,
      key: keys?.key ?? `d${index}`,
      questions: question.questions.map((row, rowIndex) => ({ ...row, key: keys?.rows[rowIndex] ?? `d${index}r${rowIndex}` })),
    };
  });
  return {
    questionnaireId: draft.questionnaireId,
    isAlreadySigned: draft.isAlreadySigned,
    settings: settingsOf(draft.body),
    blocks,
    deletedQuestions: draft.body.deletedQuestions,
    selectedKey: draft.selectedKey,
    skillSession: draft.skillSession,
    saved: false,
    errors: NO_ERRORS,
  };
}

/** The unsaved draft of a questionnaire, or null (none, or one written by an older version of the editor). */
export function readDraft(courseId: number, questionnaireId: number | null): EditorState | null {
  const parsed = StoredDraft.safeParse(readAll()[draftKey(courseId, questionnaireId)]);
  return parsed.success ? fromStored(parsed.data) : null;
}

export function writeDraft(courseId: number, state: EditorState): void {
  writeAll({ ...readAll(), [draftKey(courseId, state.questionnaireId)]: toStored(state) });
}

export function removeDraft(courseId: number, questionnaireId: number | null): void {
  const { [draftKey(courseId, questionnaireId)]: _dropped, ...others } = readAll();
  writeAll(others);
}

/** The body's defaults with the title and category the list's add modal asked for. */
export function blankSettings(title: string, categoryId: number | null, year: number): Settings {
  const defaults = QuestionnaireEditorBody.parse({});
  return { ...settingsOf(defaults), title, category: categoryId === null ? null : { id: categoryId }, year };
}
