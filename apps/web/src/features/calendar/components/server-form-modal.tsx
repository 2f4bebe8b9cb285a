import { Center, Loader, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormModel, FormPayload, GenericSaveResponse, ValidationError } from '@lea/shared';
import { ServerForm } from '../../../forms';
import { ApiRequestError } from '../../../shell/api-client';

type Props = {
  title: string;
  queryKey: readonly unknown[];
  load: () => Promise<FormModel>;
  save: (payload: FormPayload) => Promise<GenericSaveResponse>;
  submitLabel: string;
  onSaved: (answer: GenericSaveResponse) => void;
  onClose: () => void;
  children?: ReactNode;
};

/** A server-built form in a modal (event, absence, justification): field errors on their fields, a notice otherwise. */
export function ServerFormModal({ title, queryKey, load, save, submitLabel, onSaved, onClose, children }: Props) {
  const { t } = useTranslation('calendar');
  const [serverErrors, setServerErrors] = useState<ValidationError[]>([]);
  const form = useQuery({ queryKey, queryFn: load, gcTime: 0 });
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (answer) => {
      const errors = answer.responses[0]?.validationErrors ?? [];
      if (answer.hasError) {
        setServerErrors(errors);
        notifications.show({ color: 'red', message: answer.message || t('genericError') });
        return;
      }
      notifications.show({ color: 'green', message: answer.message || t('saved') });
      onSaved(answer);
    },
    onError: (error) => {
      setServerErrors(error instanceof ApiRequestError ? error.errors : []);
      notifications.show({ color: 'red', message: error instanceof ApiRequestError && error.message ? error.message : t('genericError') });
    },
  });
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      {children}
      {form.data ? (
        <ServerForm
          model={form.data}
          onSubmit={(payload) => mutation.mutate(payload)}
          serverErrors={serverErrors}
          submitting={mutation.isPending}
          submitLabel={submitLabel}
        />
      ) : (
        <Center py="xl">{form.isError ? t('loadError') : <Loader />}</Center>
      )}
    </Modal>
  );
}
