import { beforeEach, describe, expect, it } from 'vitest';
import { blankSettings, readDraft, removeDraft, writeDraft } from './draft-storage';
import { blankState, editorReducer } from './editor-state';

const defaults = { option: (n: number) => `Option ${n}`, row: (n: number) => `Ligne ${n}` };

beforeEach(() => localStorage.clear());

describe('local draft copy (spec 3 §4)', () => {
  it('keeps an unsaved questionnaire across a reload, blocks, keys and selection included', () => {
    const state = [
      { type: 'add', kind: 'field', defaults },
      { type: 'add', kind: 'grid', defaults },
    ].reduce(
      (current, action) => editorReducer(current, action as Parameters<typeof editorReducer>[1]),
      blankState(blankSettings('Bilan', 3, 2)),
    );
    writeDraft(5, state);
    const restored = readDraft(5, null);
    expect(restored?.settings.title).toBe('Bilan');
    expect(restored?.settings.category).toEqual({ id: 3 });
    expect(restored?.settings.year).toBe(2);
    expect(restored?.blocks.map((block) => block.key)).toEqual(state.blocks.map((block) => block.key));
    expect(restored?.blocks[1]?.questions.map((row) => row.key)).toEqual(state.blocks[1]?.questions.map((row) => row.key));
    expect(restored?.selectedKey).toBe(state.selectedKey);
    expect(restored?.saved).toBe(false);
  });

  it('keeps drafts per course and questionnaire and forgets the one removed', () => {
    writeDraft(5, { ...blankState(blankSettings('A', 1, 1)), questionnaireId: 9 });
    writeDraft(6, blankState(blankSettings('B', 1, 1)));
    expect(readDraft(5, 9)?.settings.title).toBe('A');
    expect(readDraft(6, null)?.settings.title).toBe('B');
    expect(readDraft(5, null)).toBeNull();
    removeDraft(5, 9);
    expect(readDraft(5, 9)).toBeNull();
    expect(readDraft(6, null)).not.toBeNull();
  });

  it('keeps the skill session a generated questionnaire comes from, and reads an older draft without one', () => {
    writeDraft(5, { ...blankState(blankSettings('Semestre 2', 1, 1)), skillSession: { id: 7, name: 'Semestre 2' } });
    expect(readDraft(5, null)?.skillSession).toEqual({ id: 7, name: 'Semestre 2' });
    const older = JSON.parse(localStorage.getItem('lea_questionnaire_editor_draft')!) as Record<string, Record<string, unknown>>;
    delete older['5:new']!.skillSession;
    localStorage.setItem('lea_questionnaire_editor_draft', JSON.stringify(older));
    expect(readDraft(5, null)?.skillSession).toBeNull();
  });

  it('ignores a stored value it cannot read', () => {
    localStorage.setItem('lea_questionnaire_editor_draft', '{"5:new": {"body": 3}}');
    expect(readDraft(5, null)).toBeNull();
    localStorage.setItem('lea_questionnaire_editor_draft', 'not json');
    expect(readDraft(5, null)).toBeNull();
  });
});
