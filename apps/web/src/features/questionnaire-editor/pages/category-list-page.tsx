import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shell/api-client';
import { PageLoader } from '../../../shell/page-loader';
import { actionMessage, deleteCategory, editorKeys, useCategoryList, type CategoryRow } from '../api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageHeader } from '../../../shell/page-header';

/** /lea-manager/{course}/questionnaire/category: the questionnaire categories with add, edit and delete. */
export default function CategoryListPage() {
  const { t } = useTranslation('questionnaire-editor');
  const courseId = Number(useParams().trainingCourseId);
  const queryClient = useQueryClient();
  const list = useCategoryList(courseId);
  const [deleting, setDeleting] = useState<CategoryRow | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/lea-manager/${courseId}/questionnaire`;

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const answer = await deleteCategory(courseId, deleting.id);
      // Spec 3 §8: a refusal (a category still used) shows the server's first detail message.
      const ok = answer.success && !answer.hasError;
      notifications.show({ color: ok ? 'green' : 'red', message: actionMessage(answer) ?? (ok ? t('categories.deleted') : t('errors.action')) });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof ApiRequestError && error.status < 500 ? error.message : t('errors.action') });
    } finally {
      setBusy(false);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: editorKeys.course(courseId) });
    }
  };

  const header = (
    <PageHeader
      title={t('categories.heading')}
      back={{ to: `${base}/list`, label: t('editor.backToList') }}
      actions={
        <Button component={Link} to={`${base}/category/add`} leftSection={<IconPlus size={16} />}>
          {t('categories.add')}
        </Button>
      }
    />
  );
  if (list.error) {
    return (
      <Stack>
        {header}
        <Alert color="red" icon={<IconAlertCircle />}>
          {t('errors.load')}
        </Alert>
      </Stack>
    );
  }
  if (!list.data) return <PageLoader />;
  const categories = list.data;
  return (
    <Stack gap="md" pb="xl">
      {header}
      <Paper withBorder radius="md">
        {categories.length === 0 ? (
          <Text ta="center" c="dimmed" p="lg">
            {t('categories.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('categories.title')}</Table.Th>
                  <Table.Th>{t('categories.count')}</Table.Th>
                  <Table.Th>{t('categories.years')}</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>{t('categories.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {categories.map((category) => (
                  <Table.Tr key={category.id}>
                    <Table.Td fw={500}>{category.title}</Table.Td>
                    <Table.Td>{category.questionnaireCount}</Table.Td>
                    <Table.Td>{category.yearList.map((year) => t('list.year', { year })).join(', ') || '–'}</Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap" justify="flex-end">
                        <Tooltip label={t('list.edit')}>
                          <ActionIcon component={Link} to={`${base}/category/edit/${category.id}`} variant="subtle" size="lg" aria-label={t('categories.editOf', { title: category.title })}>
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={category.canRemove ? t('list.delete') : t('categories.used')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="lg"
                            disabled={!category.canRemove}
                            onClick={() => setDeleting(category)}
                            aria-label={t('categories.deleteOf', { title: category.title })}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('categories.deleteTitle')}
        message={t('categories.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('actions.delete')}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
