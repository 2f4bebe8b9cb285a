import { Alert, Container, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../../shell/api-client';
import { usePageTitle } from '../../../shell/breadcrumb';
import { PageLoader } from '../../../shell/page-loader';
import { generateFromSkillSession, useEditorOptions } from '../api';
import { EditorScreen } from '../components/editor-screen';
import { blocksOf } from '../editor/blocks';
import { readDraft } from '../editor/draft-storage';
import { blankState, settingsOf } from '../editor/editor-state';

/**
 * /lea-manager/{course}/skill/generate-questionnaire[/{sessionId}] (spec 3 §2.1): the questionnaire
 * editor pre-filled from a skill session (the current one by default) — one title block per
 * category, one rating question per skill; its first save sends `?skillSession=` so that the
 * server links each question to its skill.
 */
export default function SkillGeneratePage() {
  const { t } = useTranslation('skill');
  usePageTitle(t('manager.generate.title'));
  const navigate = useNavigate();
  const params = useParams();
  const courseId = Number(params.trainingCourseId);
  const sessionId = params.sessionId === undefined ? null : Number(params.sessionId);
  const options = useEditorOptions(courseId, null);
  const generated = useQuery({
    queryKey: ['skill', 'manager', courseId, 'generate-questionnaire', sessionId],
    queryFn: () => generateFromSkillSession(courseId, sessionId),
    // The editor copies the body once: a background refetch would change nothing.
    staleTime: Infinity,
  });
  const failure = options.error ?? generated.error;
  if (failure) {
    const status = failure instanceof ApiRequestError ? failure.status : 0;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" icon={<IconAlertCircle />}>
          {status === 404 && sessionId === null ? t('manager.generate.noSession') : t('manager.generate.error')}
        </Alert>
      </Container>
    );
  }
  if (!options.data || !generated.data) return <PageLoader />;
  const { session, sessions, questionnaire } = generated.data;
  // The local draft of this session's questionnaire when one is unsaved (spec 3 §4), else the generated one.
  const draft = readDraft(courseId, null);
  const initial =
    draft?.skillSession?.id === session.id
      ? draft
      : {
          ...blankState(settingsOf(questionnaire)),
          blocks: blocksOf(questionnaire.questions),
          skillSession: { id: session.id, name: session.name },
        };
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Select
          label={t('manager.generate.session')}
          data={sessions.map((entry) => ({ value: String(entry.id), label: entry.name }))}
          value={String(session.id)}
          allowDeselect={false}
          maw={360}
          onChange={(value) => {
            if (value) void navigate(`/lea-manager/${courseId}/skill/generate-questionnaire/${value}`);
          }}
        />
        <Text size="sm" c="dimmed">
          {t('manager.generate.intro')}
        </Text>
      </Stack>
      <EditorScreen key={session.id} courseId={courseId} options={options.data} initial={initial} serverModel={null} restored={false} />
    </Stack>
  );
}
