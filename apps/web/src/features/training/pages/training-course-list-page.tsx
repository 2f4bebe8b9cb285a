import { useEffect, useState } from 'react';
import { Button, Center, Container, EmptyState, Grid, Group, Loader, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSchool, IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CourseIndicators } from '../../../shell/course-indicators';
import { changeTriad, useCurrentTrainingCourseId } from '../../../shell/current-triad';
import { PageLoader } from '../../../shell/page-loader';
import { useCourseTriads, useTrainingCourses, type Archive } from '../api';
import { CourseAccordion } from '../components/course-accordion';
import { SharedDocumentsBlock } from '../components/shared-documents-block';
import { TodoSideBlock } from '../components/todo-side-block';
import { autoSkipTarget, effectiveSearch, emptyListKey } from '../course-list';

const SEARCH_DEBOUNCE_MS = 300;

/** /dashboard/training-course-list (spec 2 §2): the user's courses, then a triad to work in. */
export default function TrainingCourseListPage() {
  const { t } = useTranslation(['training', 'dashboard']);
  const navigate = useNavigate();
  const [archive, setArchive] = useState<Archive>(1);
  // The header's search box arrives here with ?search=…: the field starts from it and follows it.
  const [params] = useSearchParams();
  const asked = params.get('search') ?? '';
  const [text, setText] = useState(asked);
  useEffect(() => setText(asked), [asked]);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = effectiveSearch(debounced);
  const list = useTrainingCourses(archive, search);
  const courses = list.data?.pages.flatMap((page) => page.trainingCourses) ?? [];
  const firstPage = list.data?.pages[0];

  // The automatic skip needs the triads of the only course: ask for them only in that case.
  const onlyCourseId = archive === 1 && search === '' && firstPage?.count === 1 ? (courses[0]?.id ?? null) : null;
  const onlyCourseTriads = useCourseTriads(onlyCourseId, onlyCourseId !== null);
  const skip = autoSkipTarget({ archive, search, courses: firstPage, triads: onlyCourseTriads.data?.pages[0] });
  const skipTriadId = skip?.triadId ?? null;
  const skipCourseId = skip?.courseId ?? null;
  useEffect(() => {
    if (skipTriadId === null || skipCourseId === null) return;
    changeTriad(skipTriadId, skipCourseId);
    navigate('/dashboard/home', { replace: true });
  }, [skipTriadId, skipCourseId, navigate]);

  // undefined: nothing chosen yet, so the last course worked in (or the only one) starts open.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const lastCourseId = useCurrentTrainingCourseId();
  const defaultOpen = courses.length === 1 ? courses[0] : courses.find((course) => course.id === lastCourseId);
  const opened = chosen === undefined ? (defaultOpen ? String(defaultOpen.id) : null) : chosen;

  // The to-do block is for the people of the triads (spec 2 §2); a manager's side holds the indicators.
  const managesACourse = courses.some((course) => course.isLeaManager);

  if (skip || (onlyCourseId !== null && onlyCourseTriads.isPending)) return <PageLoader />;

  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('training:title')}
        </Title>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Group gap="sm" wrap="wrap">
                <TextInput
                  style={{ flex: '1 1 16rem' }}
                  leftSection={<IconSearch size={16} />}
                  placeholder={t('training:search')}
                  aria-label={t('training:search')}
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                />
                <SegmentedControl
                  value={String(archive)}
                  onChange={(value) => {
                    setArchive(value === '2' ? 2 : 1);
                    setChosen(undefined);
                  }}
                  data={[
                    { value: '1', label: t('training:active') },
                    { value: '2', label: t('training:archived') },
                  ]}
                />
              </Group>
              {list.isPending ? (
                <Center py="xl">
                  <Loader />
                </Center>
              ) : list.isError ? (
                <EmptyState title={t('training:listError')} />
              ) : courses.length === 0 ? (
                <EmptyState icon={<IconSchool size={32} />} withIndicatorBackground title={t(emptyListKey(archive, search))} />
              ) : (
                <>
                  <CourseAccordion courses={courses} opened={opened} onOpen={setChosen} />
                  {list.hasNextPage && (
                    <Center>
                      <Button variant="light" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                        {t('training:loadMore')}
                      </Button>
                    </Center>
                  )}
                </>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md" component="aside" aria-label={t('training:side.label')}>
              {!list.isPending && !managesACourse && <TodoSideBlock />}
              {managesACourse && <SharedDocumentsBlock />}
              <CourseIndicators courseId={null} compact />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
