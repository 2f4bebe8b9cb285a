import { useState } from 'react';
import { Alert, Center, Loader, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormPayload, ValidationError } from '@lea/shared';
import { ServerForm } from '../../../forms';
import { ApiRequestError } from '../../../shell/api-client';
import { editorKeys, saveCategory, useCategoryForm } from '../api';
import { PageHeader } from '../../../shell/page-header';

/** questionnaire/category/add and /edit/{id}: the server's category form (ServerForm), then back to the list. */
export default function CategoryFormPage() {
  const { t } = useTranslation('questionnaire-editor');
  const params = useParams();
  const courseId = Number(params.trainingCourseId);
  const id = params.id === undefined ? null : Number(params.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useCategoryForm(courseId, id);
  const [serverErrors, setServerErrors] = useState<ValidationError[]>([]);
  const [saving, setSaving] = useState(false);
  const listPath = `/lea-manager/${courseId}/questionnaire/category`;

  const submit = async (payload: FormPayload) => {
    setSaving(true);
    try {
      const answer = await saveCategory(courseId, id, payload);
      if (answer.hasError) {
        setServerErrors(answer.responses[0]?.validationErrors ?? []);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: editorKeys.course(courseId) });
      // Spec 3 §4: after a successful save, back to the list with a success notice.
      notifications.show({ color: 'green', message: answer.message || t('categories.saved') });
      void navigate(listPath);
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? error.errors : [];
      setServerErrors(fieldErrors);
      if (fieldErrors.length === 0) notifications.show({ color: 'red', message: error instanceof ApiRequestError && error.status < 500 ? error.message : t('errors.action') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" pb="xl">
      <PageHeader title={id === null ? t('categories.add') : t('categories.edit')} back={{ to: listPath, label: t('categories.back') }} />
      <Paper withBorder radius="md" p="md" maw={640}>
        {form.data ? (
          <ServerForm model={form.data} onSubmit={(payload) => submit(payload)} serverErrors={serverErrors} submitting={saving} submitLabel={t('actions.save')} />
        ) : form.error ? (
          <Alert color="red" icon={<IconAlertCircle />}>
            {t('errors.load')}
          </Alert>
        ) : (
          <Center py="xl">
            <Loader />
          </Center>
        )}
      </Paper>
    </Stack>
  );
}
