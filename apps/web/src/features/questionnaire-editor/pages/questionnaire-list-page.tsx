import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCategory, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EditorListItem, GenericActionResponse } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { PageLoader } from '../../../shell/page-loader';
import {
  actionMessage,
  copyQuestionnaire,
  deleteQuestionnaire,
  editorKeys,
  toggleQuestionnaireActive,
  useEditorList,
  useEditorOptions,
} from '../api';
import { AddQuestionnaireModal } from '../components/add-questionnaire-modal';
import { ConfirmDialog } from '../../../shell/confirm-dialog';
import { PageHeader } from '../../../shell/page-header';
import { QuestionnaireRow } from '../components/questionnaire-row';
import { notifyFailure } from '../components/notify-failure';

/** /lea-manager/{course}/questionnaire/list: the course's questionnaires per year and category (spec 3 §2.2). */
export default function QuestionnaireListPage() {
  const { t } = useTranslation('questionnaire-editor');
  const courseId = Number(useParams().trainingCourseId);
  const queryClient = useQueryClient();
  const list = useEditorList(courseId);
  const options = useEditorOptions(courseId, null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<EditorListItem | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const base = `/lea-manager/${courseId}/questionnaire`;

  const run = async (item: EditorListItem, call: () => Promise<unknown>) => {
    setBusyId(item.id);
    try {
      await call();
    } catch (error) {
      notifyFailure(error, t('errors.action'));
    } finally {
      setBusyId(null);
      await queryClient.invalidateQueries({ queryKey: editorKeys.course(courseId) });
    }
  };
  // Spec 3 §8: a refused action shows the server's first detail message.
  const report = (answer: GenericActionResponse, success: string) =>
    notifications.show(
      answer.success && !answer.hasError
        ? { color: 'green', message: actionMessage(answer) ?? success }
        : { color: 'red', message: actionMessage(answer) ?? t('errors.action') },
    );

  const copy = (item: EditorListItem) => run(item, async () => report(await copyQuestionnaire(courseId, item.id), t('list.copied')));
  const toggle = (item: EditorListItem) => run(item, () => toggleQuestionnaireActive(courseId, item.id));
  const remove = async () => {
    if (!deleting) return;
    const item = deleting;
    await run(item, async () => report(await deleteQuestionnaire(courseId, item.id), t('list.deleted')));
    setDeleting(null);
  };

  const header = (
    <PageHeader
      title={t('list.heading')}
      actions={
        <Group gap="xs">
          <Button component={Link} to={`${base}/category`} variant="default" leftSection={<IconCategory size={16} />}>
            {t('categories.heading')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('list.add')}
          </Button>
        </Group>
      }
    />
  );
  if (list.error) {
    return (
      <Stack>
        {header}
        <Alert color="red" icon={<IconAlertCircle />}>
          {list.error instanceof ApiRequestError && list.error.status === 403 ? t('errors.forbidden') : t('errors.load')}
        </Alert>
      </Stack>
    );
  }
  if (!list.data) return <PageLoader />;
  const years = list.data.years;
  return (
    <Stack gap="lg" pb="xl">
      {header}
      {years.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text ta="center" c="dimmed">
            {t('list.empty')}
          </Text>
        </Paper>
      )}
      {years.map((year) => (
        <Stack key={year.year} gap="sm" component="section" aria-labelledby={`questionnaire-year-${year.year}`}>
          <Title order={2} size="h3" id={`questionnaire-year-${year.year}`}>
            {t('list.year', { year: year.year })}
          </Title>
          {year.categories.map((category) => (
            <Stack key={category.id ?? 'none'} gap={6}>
              <Text fw={600} c="dimmed" size="sm" tt="uppercase">
                {category.title}
              </Text>
              {category.questionnaires.map((item) => (
                <QuestionnaireRow
                  key={item.id}
                  item={item}
                  editPath={`${base}/edit/${item.id}`}
                  busy={busyId === item.id}
                  onToggleActive={() => void toggle(item)}
                  onCopy={() => void copy(item)}
                  onDelete={() => setDeleting(item)}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      ))}
      {adding && (
        <AddQuestionnaireModal
          courseId={courseId}
          opened
          categories={options.data?.categories ?? []}
          year={years[0]?.year ?? 1}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('list.deleteTitle')}
        message={t('list.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('actions.delete')}
        busy={busyId !== null}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
