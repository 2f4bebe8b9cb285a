import { useEffect } from 'react';
import { Button, Container, EmptyState, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconListDetails, IconSchool } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shell/api-client';
import { MOBILE_QUERY } from '../../../shell/app-layout';
import { selectTriad, useCurrentTriadId } from '../../../shell/current-triad';
import { PageLoader } from '../../../shell/page-loader';
import { QuestionnaireYearBlocks } from '../../../shell/questionnaires/questionnaire-year-blocks';
import { TodoBlock } from '../../../shell/questionnaires/todo-block';
import { useActiveCourseCount, useTriad } from '../../../shell/shell-queries';
import { InfoBlocks } from '../components/info-blocks';
import { TriadMembersCard } from '../components/triad-members-card';
import { BookletButton } from '../components/booklet-button';
import { ContractCard } from '../components/contract-card';
import { DocumentsCard } from '../components/documents-card';
import { KeyDatesButton } from '../components/key-dates-button';
import { ProgressCard } from '../components/progress-card';
import { TimelineCard } from '../components/timeline-card';

const COURSE_LIST = '/dashboard/training-course-list';

/** /dashboard/home: the selected triad's home (spec 2 §2); members and contract, to-do, questionnaires, booklet and key dates, progress, timeline, and the information panels. */
export default function HomePage() {
  const triadId = useCurrentTriadId();
  return triadId === null ? <NoTriad /> : <TriadHome triadId={triadId} />;
}

/** No triad chosen yet: the way to the course list, or the empty state when the user has no course. */
function NoTriad() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const courses = useActiveCourseCount();
  const count = courses.data ?? 0;
  // With a single course the list decides by itself (it skips to the triad when there is only one).
  useEffect(() => {
    if (count === 1) navigate(COURSE_LIST, { replace: true });
  }, [count, navigate]);
  if (courses.isPending || count === 1) return <PageLoader />;
  return (
    <Container size="sm" py="xl">
      {count > 0 ? (
        <EmptyState
          icon={<IconListDetails size={32} />}
          withIndicatorBackground
          title={t('chooseTriad.title')}
          description={t('chooseTriad.description')}
        >
          <EmptyState.Actions>
            <Button component={Link} to={COURSE_LIST}>
              {t('chooseTriad.action')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <EmptyState icon={<IconSchool size={32} />} withIndicatorBackground title={t('no_training_course_actived')} />
      )}
    </Container>
  );
}

function TriadHome({ triadId }: { triadId: number }) {
  const navigate = useNavigate();
  const triad = useTriad(triadId);
  // On a phone the to-do is what the user came for: it leads, before the members, contract and documents.
  const phone = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const lost = triad.error instanceof ApiRequestError && [403, 404].includes(triad.error.status);
  // The stored triad is gone or no longer the user's: forget it and let them choose again.
  useEffect(() => {
    if (!lost) return;
    selectTriad(null);
    navigate(COURSE_LIST, { replace: true });
  }, [lost, navigate]);

  if (!triad.data) return triad.isError && !lost ? <TriadError /> : <PageLoader />;
  const { trainingCourse, training } = triad.data;
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2} miw={0}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {trainingCourse.displayName}
            </Title>
            <Text c="dimmed" size="sm">
              {training.title} · {training.institution.name}
            </Text>
          </Stack>
          <InfoBlocks blocks={trainingCourse.infoBlocks} />
        </Group>
        {phone && <TodoBlock triadId={triadId} />}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <Stack gap="md">
              <TriadMembersCard triad={triad.data} />
              <ContractCard triad={triad.data} />
              <DocumentsCard triad={triad.data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 5 }}>
            <Stack gap="md">
              {!phone && <TodoBlock triadId={triadId} />}
              <QuestionnaireYearBlocks triadId={triadId} />
              <Group gap="sm">
                <BookletButton triadId={triadId} />
                <KeyDatesButton triadId={triadId} />
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <Stack gap="md">
              <ProgressCard triadId={triadId} />
              <TimelineCard entries={triad.data.timelines} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function TriadError() {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <Container size="sm" py="xl">
      <EmptyState title={t('common:errors.generic')}>
        <EmptyState.Actions>
          <Button component={Link} to={COURSE_LIST} variant="light">
            {t('dashboard:chooseTriad.action')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Container>
  );
}
