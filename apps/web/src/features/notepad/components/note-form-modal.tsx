import { Center, Loader, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormPayload, ValidationError } from '@lea/shared';
import { ServerForm } from '../../../forms';
import { ApiRequestError } from '../../../shell/api-client';
import { fetchNoteForm, notepadKey, noteBody, saveNote } from '../api';

type Props = { triadId: number; noteId: number | null; onClose: () => void };

/** Add or edit a note with the server-built form of `/app/notepad/form[/{id}]`. */
export function NoteFormModal({ triadId, noteId, onClose }: Props) {
  const { t } = useTranslation('notepad');
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<ValidationError[]>([]);
  const form = useQuery({ queryKey: ['notepad', 'form', noteId], queryFn: () => fetchNoteForm(noteId), gcTime: 0 });
  const save = useMutation({
    mutationFn: (payload: FormPayload) => saveNote(noteId, noteBody(payload, triadId)),
    onSuccess: async (answer) => {
      if (answer.hasError) {
        notifications.show({ color: 'red', message: answer.message || t('saveError') });
        return;
      }
      notifications.show({ color: 'green', message: t('saved') });
      await queryClient.invalidateQueries({ queryKey: notepadKey(triadId) });
      onClose();
    },
    onError: (error) => {
      // Spec 2 §8: the server's message when there is one, else the generic text.
      const fieldErrors = error instanceof ApiRequestError ? error.errors : [];
      setServerErrors(fieldErrors);
      const serverMessage = error instanceof ApiRequestError && fieldErrors.length === 0 ? error.message : '';
      notifications.show({ color: 'red', message: serverMessage || t('saveError') });
    },
  });

  return (
    <Modal opened onClose={onClose} title={noteId === null ? t('addTitle') : t('editTitle')} size="lg">
      {form.data ? (
        <ServerForm
          model={form.data}
          onSubmit={(payload) => save.mutate(payload)}
          serverErrors={serverErrors}
          submitting={save.isPending}
          submitLabel={t('save')}
        />
      ) : (
        <Center py="xl">{form.isError ? t('loadError') : <Loader />}</Center>
      )}
    </Modal>
  );
}
