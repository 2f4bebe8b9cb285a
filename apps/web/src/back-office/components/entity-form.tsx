import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormPayload, ValidationError } from '@lea/shared';
import { ServerForm } from '../../forms';
import { areaKey } from '../area';
import { useReportAreaError } from '../area-error';
import { errorMessage, fetchFormChoices, saveRecord, uploadFormFile, useEntityForm, type RecordTarget } from '../entity-api';
import { LoadFallback } from './load-fallback';

const NO_ERRORS: ValidationError[] = [];

/**
 * The server-built form of any entity (spec 3 §4): a wizard to add (no id), tabs to edit (a
 * singleton's one record too). The
 * server's field errors land on their fields and open their tab (ServerForm shows signed_error);
 * a save without field errors returns through `onSaved` with the success notice.
 */
export function EntityForm({ target, onSaved }: { target: RecordTarget; onSaved: () => void }) {
  const { t } = useTranslation(['back-office', 'common']);
  const queryClient = useQueryClient();
  const form = useEntityForm(target);
  useReportAreaError(form.error);
  const [serverErrors, setServerErrors] = useState<ValidationError[]>(NO_ERRORS);
  const save = useMutation({
    mutationFn: (payload: FormPayload) => saveRecord(target, payload),
    // Cleared first: the same errors coming back must reach their fields again.
    onMutate: () => setServerErrors(NO_ERRORS),
    onSuccess: async (outcome) => {
      if (!outcome.ok) {
        setServerErrors(outcome.validationErrors);
        if (outcome.validationErrors.length === 0)
          notifications.show({ color: 'red', message: outcome.message || t('common:errors.save') });
        return;
      }
      notifications.show({ color: 'green', message: outcome.message || t('common:success') });
      // A singleton configures what other screens show (the footer's legal texts): all of them refresh.
      await queryClient.invalidateQueries(target.entity.can.singleton ? {} : { queryKey: areaKey(target.area) });
      onSaved();
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) ?? t('common:errors.save') }),
  });

  if (!form.data) return <LoadFallback pending={form.isPending} failure={t('form.loadError')} />;
  return (
    <ServerForm
      model={form.data}
      // A one-step wizard is just a form: the steps appear when there are several.
      mode={target.id === null && !target.entity.can.singleton && form.data.tabs.length > 1 ? 'wizard' : 'tabs'}
      serverErrors={serverErrors}
      submitting={save.isPending}
      onSubmit={(payload) => save.mutateAsync(payload).catch(() => undefined)}
      uploadFile={uploadFormFile}
      fetchChoices={fetchFormChoices}
    />
  );
}
