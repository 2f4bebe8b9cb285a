import { describe, expect, it } from 'vitest';
import { FIELD_TYPE, GRID_CLUSTER_DISPLAY_MODE, QuestionnaireEditorModel } from '@lea/shared';
import type { BlockDefaults } from './blocks';
import { blankSettings } from './draft-storage';
import { blankState, bodyOf, editorReducer, stateFromModel, type EditorAction, type EditorState } from './editor-state';

const defaults: BlockDefaults = { option: (n) => `Option ${n}`, row: (n) => `Ligne ${n}` };

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

const blank = (signedBy: number[] = [4]) => ({
  ...blankState(blankSettings('Bilan', 1, 1)),
  saved: true,
  settings: { ...blankSettings('Bilan', 1, 1), signedBy },
});

const model = QuestionnaireEditorModel.parse({
  ...blankSettings('Visite', 2, 1),
  id: 7,
  category: { id: 2, title: 'Suivi' },
  crews: [],
  triads: [],
  secondaryQuestionnaires: [],
  firstReminderSentAt: null,
  secondReminderSentAt: null,
  isAlreadySigned: false,
  trainingCourse: { id: 1 },
  useInterviewDate: true,
  interviewDateVisibleBy: [2],
  questions: [
    {
      id: 11,
      itemType: 'field',
      title: 'Avis',
      type: 3,
      access: [3],
      valueList: [
        { value: 'Oui', mark: 2 },
        { value: 'Non', mark: 0 },
      ],
      displayMark: true,
      maximalMark: 2,
    },
    { id: 12, itemType: 'cluster', title: 'Groupe', access: [2], questions: [{ id: 13, itemType: 'field', title: 'Ligne', type: 0 }] },
    { id: 0, index: 50000, itemType: 'field', title: 'Date de la visite', type: 11, access: [2], required: true },
  ],
});

describe('questionnaire editor state (spec 3 §4)', () => {
  it('adds a block under the selected one and selects it; any change makes the questionnaire unsaved', () => {
    const first = run(blank(), { type: 'add', kind: 'field', defaults });
    expect(first.saved).toBe(false);
    expect(first.selectedKey).toBe(first.blocks[0]?.key);
    const second = run(
      first,
      { type: 'add', kind: 'title', defaults },
      { type: 'select', key: first.blocks[0]?.key ?? null },
      { type: 'add', kind: 'cluster', defaults },
    );
    expect(second.blocks.map((block) => block.itemType)).toEqual(['field', 'cluster', 'title']);
    expect(second.selectedKey).toBe(second.blocks[1]?.key);
  });

  it("gives a new question the sole signer's access, and none when several profiles sign", () => {
    expect(run(blank([2]), { type: 'add', kind: 'field', defaults }).blocks[0]?.access).toEqual([2]);
    expect(run(blank([1, 2]), { type: 'add', kind: 'field', defaults }).blocks[0]?.access).toEqual([]);
    expect(run(blank([2]), { type: 'add', kind: 'title', defaults }).blocks[0]?.access).toEqual([]);
  });

  it('creates a grid cluster with its value list and two sub-questions answered with its columns', () => {
    const grid = run(blank(), { type: 'add', kind: 'grid', defaults }).blocks[0];
    expect(grid?.displayMode).toBe(GRID_CLUSTER_DISPLAY_MODE);
    expect(grid?.valueList.map((entry) => entry.value)).toEqual(['Option 1', 'Option 2']);
    expect(grid?.questions.map((row) => [row.title, row.type])).toEqual([
      ['Ligne 1', FIELD_TYPE.uniqueChoice],
      ['Ligne 2', FIELD_TYPE.uniqueChoice],
    ]);
  });

  it('reorders blocks by drag and keeps the order in the body', () => {
    const state = run(
      blank(),
      { type: 'add', kind: 'field', defaults },
      { type: 'add', kind: 'cluster', defaults },
      { type: 'add', kind: 'title', defaults },
    );
    const [a, b, c] = state.blocks.map((block) => block.key);
    const moved = run(state, { type: 'move', from: c as string, to: a as string });
    expect(moved.blocks.map((block) => block.key)).toEqual([c, a, b]);
    expect(bodyOf(moved).questions.map((question) => [question.itemType, question.index])).toEqual([
      ['title', 0],
      ['field', 1],
      ['cluster', 2],
    ]);
  });

  it('deletes blocks and rows, listing the saved ones in deletedQuestions and unselecting', () => {
    const loaded = stateFromModel(model);
    const [field, cluster] = loaded.blocks;
    const selected = run(loaded, { type: 'select', key: field?.key ?? null });
    const next = run(
      selected,
      { type: 'remove', key: field?.key as string },
      { type: 'removeRow', key: cluster?.key as string, rowKey: cluster?.questions[0]?.key as string },
    );
    expect(next.selectedKey).toBeNull();
    expect(next.blocks).toHaveLength(1);
    expect(next.deletedQuestions).toEqual([
      { itemType: 'field', id: 11 },
      { itemType: 'field', id: 13 },
    ]);
    const fresh = run(next, { type: 'add', kind: 'field', defaults });
    expect(run(fresh, { type: 'remove', key: fresh.selectedKey as string }).deletedQuestions).toHaveLength(2);
  });

  it('clears the marks when displayMark is turned off', () => {
    const loaded = stateFromModel(model);
    const key = loaded.blocks[0]?.key as string;
    const off = run(loaded, { type: 'update', key, patch: { displayMark: false }, defaults }).blocks[0];
    expect(off?.valueList).toEqual([
      { value: 'Oui', mark: null },
      { value: 'Non', mark: null },
    ]);
    expect(off?.maximalMark).toBeNull();
    expect(off?.displayRadar).toBe(false);
  });

  it('resets openedQuestionsType to 1 when openedQuestions is turned off', () => {
    const state = run(blank([3]), { type: 'add', kind: 'open', defaults });
    const key = state.blocks[0]?.key as string;
    expect(state.blocks[0]?.openedQuestionsAccess).toEqual([3]);
    const typed = run(state, { type: 'update', key, patch: { openedQuestionsType: 2 }, defaults });
    const off = run(typed, { type: 'update', key, patch: { openedQuestions: false }, defaults }).blocks[0];
    expect(off?.openedQuestionsType).toBe(1);
    expect(off?.openedQuestionsAccess).toEqual([]);
  });

  it('gives a field turned into a choice one option to start its list', () => {
    const state = run(blank(), { type: 'add', kind: 'field', defaults });
    const key = state.blocks[0]?.key as string;
    expect(run(state, { type: 'update', key, patch: { type: FIELD_TYPE.dropdown }, defaults }).blocks[0]?.valueList).toEqual([
      { value: 'Option 1', mark: null },
    ]);
  });

  it('leaves the interview date item to the settings and takes the saved model back after a save', () => {
    const loaded = stateFromModel(model);
    expect(loaded.blocks.map((block) => block.id)).toEqual([11, 12]);
    expect(loaded.saved).toBe(true);
    const edited = run(loaded, { type: 'settings', patch: { title: 'Visite 2' } }, { type: 'select', key: loaded.blocks[1]?.key ?? null });
    expect(edited.saved).toBe(false);
    const saved = run(edited, { type: 'saved', model });
    expect(saved.saved).toBe(true);
    expect(saved.settings.title).toBe('Visite');
    expect(saved.selectedKey).toBe(saved.blocks[1]?.key);
  });
});
