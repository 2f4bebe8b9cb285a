import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES } from '@lea/shared';
import { blankSettings } from './draft-storage';
import { blankState, editorReducer, type EditorAction, type EditorState } from './editor-state';
import { checkEditor, mapErrors } from './validation';

const defaults = { option: (n: number) => `Option ${n}`, row: (n: number) => `Ligne ${n}` };
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

function validSettings() {
  return {
    ...blankSettings('Bilan', 1, 1),
    accessDates: { all: { startDate: '2026-01-01', endDate: '2026-06-30' }, 1: null, 2: null, 3: null, 4: null },
  };
}

describe('editor checks before saving (spec 3 §5)', () => {
  it('names the first invalid question: a question without title', () => {
    const state = run(blankState(validSettings()), { type: 'add', kind: 'field', defaults }, { type: 'add', kind: 'field', defaults });
    const [first, second] = state.blocks;
    const titled = run(state, { type: 'update', key: first?.key as string, patch: { title: 'Avis' }, defaults });
    const result = checkEditor(titled);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.firstBlockKey).toBe(second?.key);
    expect(result.errors.blocks[second?.key as string]).toEqual({ title: EDITOR_MESSAGES.titleMissing });
  });

  it('passes a valid questionnaire and gives the body to send', () => {
    const state = run(blankState(validSettings()), { type: 'add', kind: 'field', defaults });
    const ready = run(state, { type: 'update', key: state.blocks[0]?.key as string, patch: { title: 'Avis' }, defaults });
    const result = checkEditor(ready);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.body.questions[0]?.access).toEqual([4]);
  });

  it('keeps settings errors apart when no question is at fault', () => {
    const result = checkEditor(blankState({ ...validSettings(), title: ' ' }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.firstBlockKey).toBeNull();
      expect(Object.keys(result.errors.settings)).toEqual(['title']);
    }
  });

  it("maps the server's field errors back to blocks by their position, rows included", () => {
    const state = run(blankState(validSettings()), { type: 'add', kind: 'field', defaults }, { type: 'add', kind: 'grid', defaults });
    const mapped = mapErrors(
      [
        { field: 'questions.1.questions.0.access', message: 'x' },
        { field: 'questions.1', message: 'signed' },
        { field: 'deletedQuestions.0', message: 'gone' },
      ],
      state.blocks,
    );
    expect(mapped.firstBlockKey).toBe(state.blocks[1]?.key);
    expect(mapped.blocks[state.blocks[1]?.key as string]).toEqual({ 'questions.0.access': 'x', '': 'signed' });
    expect(mapped.settings).toEqual({ 'deletedQuestions.0': 'gone' });
  });
});
