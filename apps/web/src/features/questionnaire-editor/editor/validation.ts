import { checkQuestionnaireModel, QuestionnaireEditorBody, type EditorError } from '@lea/shared';
import { bodyOf, NO_ERRORS, type EditorErrors, type EditorState } from './editor-state';
import type { Block } from './blocks';

const QUESTION_PATH = /^questions\.(\d+)(?:\.(.+))?$/;

/**
 * Spreads field errors keyed by body path (`questions.3.valueList.1.value`, `accessDates.2.endDate`)
 * over the blocks they name (by position in the body as sent) and the settings.
 */
export function mapErrors(errors: readonly EditorError[], blocks: readonly Block[]): EditorErrors & { firstBlockKey: string | null } {
  const mapped: EditorErrors = { settings: {}, blocks: {} };
  let firstIndex: number | null = null;
  for (const { field, message } of errors) {
    const match = QUESTION_PATH.exec(field);
    const block = match ? blocks[Number(match[1])] : undefined;
    if (match && block) {
      const inner = match[2] ?? '';
      const own = (mapped.blocks[block.key] ??= {});
      own[inner] ??= message;
      firstIndex = firstIndex === null ? Number(match[1]) : Math.min(firstIndex, Number(match[1]));
    } else {
      mapped.settings[field] ??= message;
    }
  }
  return { ...mapped, firstBlockKey: firstIndex === null ? null : (blocks[firstIndex]?.key ?? null) };
}

export type CheckResult = { ok: true; body: QuestionnaireEditorBody } | { ok: false; errors: EditorErrors; firstBlockKey: string | null };

function failure(errors: readonly EditorError[], blocks: readonly Block[]): CheckResult {
  const { firstBlockKey, ...placed } = mapErrors(errors, blocks);
  return { ok: false, errors: placed, firstBlockKey };
}

/**
 * The save rules the server runs too (spec 3 §5, `checkQuestionnaireModel`), after the body's own
 * shape: a value out of its bounds is named like a rule failure.
 */
export function checkEditor(state: EditorState): CheckResult {
  const parsed = QuestionnaireEditorBody.safeParse(bodyOf(state));
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
    return failure(errors, state.blocks);
  }
  const { errors } = checkQuestionnaireModel(parsed.data);
  if (errors.length > 0) return failure(errors, state.blocks);
  return { ok: true, body: parsed.data };
}

export function hasErrors(errors: EditorErrors): boolean {
  return errors !== NO_ERRORS && (Object.keys(errors.settings).length > 0 || Object.keys(errors.blocks).length > 0);
}
