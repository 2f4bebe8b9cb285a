import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireView } from '@lea/shared';
import { ApiRequestError } from '../../shell/api-client';
import { appState } from '../../shell/app-state';
import { questionnaireKey } from '../../shell/questionnaires/questionnaire-queries';
import { downloadBase64 } from '../../shell/base64-file';
import { exportPdf, saveReply, type QuestionnaireParams } from './api';
import { buildSaveRequest, validateForSigning, type FieldError, type SaveMode } from './reply-state';
import { focusField, type ReplyForm } from './use-reply-form';

const NOTICE: Record<SaveMode, string> = { 1: 'notices.draftSaved', 2: 'notices.draftShared', 3: 'notices.signed' };

type Options = {
  view: QuestionnaireView;
  params: QuestionnaireParams;
  form: ReplyForm;
  /** Refetches the view and answers the fresh one. */
  reload: () => Promise<QuestionnaireView | undefined>;
  /** After a save went through (the answers kept offline are then sent too). */
  onSaved?: () => void;
};

/**
 * Save, share and sign (spec 1 §4.4, §7.4, §8.3): signing validates first; field errors come back
 * on their fields; a 409 (already signed, stale version) shows the server's message and reloads.
 */
export function useSaveReply({ view, params, form, reload, onSaved }: Options) {
  const { t } = useTranslation('questionnaire');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<SaveMode | 'export' | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const showFieldErrors = (errors: FieldError[]) => {
    form.setErrors(errors);
    const first = errors[0];
    if (first) focusField(first.field);
  };

  /** Mode 3 checks the required answers; the caller asks for confirmation in between. */
  const checkBeforeSigning = (): boolean => {
    const errors = validateForSigning(view, form.draft);
    if (errors.length === 0) return true;
    showFieldErrors(errors);
    notifications.show({ color: 'red', message: t('notices.missingAnswers') });
    return false;
  };

  const save = async (mode: SaveMode) => {
    setBusy(mode);
    setConflict(null);
    try {
      const answer = await saveReply(params, buildSaveRequest(view, form.draft, mode));
      if (answer.hasError) {
        const errors = answer.responses.flatMap((response) => response.validationErrors ?? []);
        if (errors.length > 0) showFieldErrors(errors);
        else if (answer.message) setConflict(answer.message);
        notifications.show({ color: 'red', message: t('notices.saveError') });
        return;
      }
      form.setErrors([]);
      onSaved?.();
      notifications.show({ color: 'green', message: t(NOTICE[mode]) });
      if (mode === 1) {
        await reload();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: questionnaireKey });
      void navigate('/dashboard/home');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        setConflict(error.message);
        const fresh = await reload();
        if (fresh) form.reset(fresh);
      } else if (error instanceof ApiRequestError && error.errors.length > 0) {
        // Values the server refuses (a malformed number, a field of another profile) name their fields.
        showFieldErrors(error.errors);
        notifications.show({ color: 'red', message: t('notices.saveError') });
      } else if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        setConflict(error.message);
        notifications.show({ color: 'red', message: t('notices.saveError') });
      } else {
        notifications.show({ color: 'red', message: t('notices.saveError') });
      }
    } finally {
      setBusy(null);
    }
  };

  const exportFile = async () => {
    setBusy('export');
    appState.setLoading('shell:loader.downloading');
    try {
      const file = await exportPdf(params);
      if (!downloadBase64(file.data, file.filename, file.filetype)) notifications.show({ color: 'red', message: t('notices.fileError') });
    } catch {
      notifications.show({ color: 'red', message: t('notices.fileError') });
    } finally {
      appState.setLoading(null);
      setBusy(null);
    }
  };

  return { busy, conflict, dismissConflict: () => setConflict(null), checkBeforeSigning, save, exportFile };
}
