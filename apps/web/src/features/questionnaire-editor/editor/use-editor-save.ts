import { useState, type Dispatch } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireEditorModel } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { editorKeys, saveQuestionnaire } from '../api';
import { removeDraft } from './draft-storage';
import type { EditorAction, EditorErrors, EditorState } from './editor-state';
import { checkEditor, mapErrors } from './validation';

type Options = {
  courseId: number;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** Shows what failed: the first invalid block, or the settings when no block is at fault. */
  onInvalid: (errors: EditorErrors, firstBlockKey: string | null) => void;
};

export type SaveOutcome = { ok: true; model: QuestionnaireEditorModel; created: boolean } | { ok: false };

/**
 * The save of spec 3 §4–§5 and §8: the shared rules first (`missing_error`, first invalid question
 * selected), then POST or PUT with `deletedQuestions`; the server's `hasError` gives `save_error`
 * with its field errors mapped back to the questions, a refusal (409: signed answers would be
 * orphaned) its own message; success gives `save_success` and the server's model.
 */
/** One notice for the outcome of a save: a success replaces the refusal shown before it. */
const SAVE_NOTICE = 'questionnaire-editor-save';
const notice = (color: 'red' | 'green', message: string) => {
  notifications.hide(SAVE_NOTICE);
  notifications.show({ id: SAVE_NOTICE, color, message });
};

export function useEditorSave({ courseId, state, dispatch, onInvalid }: Options) {
  const { t } = useTranslation('questionnaire-editor');
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const fail = (errors: { field: string; message: string }[], message: string) => {
    const mapped = mapErrors(errors, state.blocks);
    const { firstBlockKey, ...byPlace } = mapped;
    dispatch({ type: 'errors', errors: byPlace, select: firstBlockKey ?? state.selectedKey });
    onInvalid(byPlace, firstBlockKey);
    notice('red', message);
  };

  const save = async (): Promise<SaveOutcome> => {
    const check = checkEditor(state);
    if (!check.ok) {
      dispatch({ type: 'errors', errors: check.errors, select: check.firstBlockKey ?? state.selectedKey });
      onInvalid(check.errors, check.firstBlockKey);
      notice('red', check.firstBlockKey ? t('lea_manager.questionnaire.missing_error') : t('editor.settingsError'));
      return { ok: false };
    }
    setSaving(true);
    try {
      // Generated from a skill session (kept in the state and its local draft): the first save links the fields to their skills.
      const answer = await saveQuestionnaire(courseId, state.questionnaireId, check.body, state.skillSession?.id ?? null);
      const model = answer.responses[0]?.object;
      if (answer.hasError || !model) {
        fail(answer.responses[0]?.validationErrors ?? [], t('lea_manager.questionnaire.save_error'));
        return { ok: false };
      }
      const created = state.questionnaireId === null;
      if (created) {
        removeDraft(courseId, null);
        // The edit route opens at once on what the add route had (refreshed in the background).
        queryClient.setQueryData(editorKeys.options(courseId, model.id), queryClient.getQueryData(editorKeys.options(courseId, null)));
      }
      queryClient.setQueryData(editorKeys.model(courseId, model.id), model);
      await queryClient.invalidateQueries({ queryKey: editorKeys.list(courseId) });
      dispatch({ type: 'saved', model });
      notice('green', t('lea_manager.questionnaire.save_success'));
      return { ok: true, model, created };
    } catch (error) {
      if (error instanceof ApiRequestError && error.status < 500) {
        // 409: the server's refusal says which question would orphan signed answers; 400: field errors.
        fail(error.errors, error.status === 409 && error.message ? error.message : t('lea_manager.questionnaire.save_error'));
      } else {
        notice('red', t('lea_manager.questionnaire.save_error'));
      }
      return { ok: false };
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
