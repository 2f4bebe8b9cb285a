import { Center, Loader, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormPayload, ValidationError } from '@lea/shared';
import { ServerForm } from '../../../forms';
import { uploadFormFile } from '../../../back-office/entity-api';
import { fetchJustificativeForm, saveJustificative, skillsKey, type SkillTarget } from '../api';

type Props = { target: SkillTarget; sessionId: number; skill: { id: number; name: string } | null; onClose: () => void };

/** The justification files of the caller's answer (spec 2 §5): the server's form, up to five files. */
export function JustificativeModal({ target, sessionId, skill, onClose }: Props) {
  const { t } = useTranslation('skill');
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<ValidationError[]>([]);
  const form = useQuery({
    queryKey: ['skills', 'justificative', target.courseId, target.triadId, skill?.id, sessionId],
    queryFn: () => fetchJustificativeForm(target, skill?.id ?? 0, sessionId),
    enabled: skill !== null,
    gcTime: 0,
  });
  const save = useMutation({
    mutationFn: (payload: FormPayload) => saveJustificative(target, skill?.id ?? 0, sessionId, payload),
    onSuccess: async (answer) => {
      if (answer.hasError) {
        setErrors(answer.responses[0]?.validationErrors ?? []);
        notifications.show({ color: 'red', message: answer.message || t('justificativeError') });
        return;
      }
      notifications.show({ color: 'green', message: t('justificativeSaved') });
      await queryClient.invalidateQueries({ queryKey: skillsKey(target) });
      onClose();
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message || t('justificativeError') }),
  });
  return (
    <Modal opened={skill !== null} onClose={onClose} title={skill ? t('justificativeOf', { name: skill.name }) : ''} size="lg">
      {form.data ? (
        <ServerForm
          model={form.data}
          uploadFile={uploadFormFile}
          onSubmit={(payload) => save.mutate(payload)}
          serverErrors={errors}
          submitting={save.isPending}
        />
      ) : (
        <Center py="md">{form.isError ? form.error.message : <Loader />}</Center>
      )}
    </Modal>
  );
}
