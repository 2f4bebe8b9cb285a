import { ActionIcon, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBook, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { NoTriadState } from '../../../shell/no-triad-state';
import { PageHeader } from '../../../shell/page-header';
import { useLessons } from '../api';
import { QueryStates } from '../../../shell/query-states';

/** /dashboard/lessons (MODULE_LEA_COURSE, spec 2 §2): the course's lessons grouped by subject, each with a watch action. */
export default function LessonsPage() {
  const { t } = useTranslation('lesson');
  const triadId = useCurrentTriadId();
  const list = useLessons(triadId);
  if (triadId === null) return <NoTriadState icon={<IconBook size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  const subjects = (list.data?.subjects ?? []).filter((subject) => subject.lessons.length > 0);
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} />
      <QueryStates
        query={list}
        empty={subjects.length === 0}
        errorText={t('loadError')}
        emptyIcon={<IconBook size={32} />}
        emptyTitle={t('empty')}
      >
        {() =>
          subjects.map((subject) => (
            <Card key={subject.id} withBorder radius="md" padding="md" component="section" aria-labelledby={`subject-${subject.id}`}>
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={2} size="h4" id={`subject-${subject.id}`}>
                    {subject.name}
                  </Title>
                  <Badge variant="light">{subject.unit.name}</Badge>
                </Group>
                <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {subject.lessons.map((lesson) => (
                    <Group key={lesson.id} component="li" justify="space-between" wrap="nowrap" gap="sm" py={4}>
                      <Text style={{ overflowWrap: 'anywhere' }}>{lesson.title}</Text>
                      <Tooltip label={t('watch')} withArrow>
                        <ActionIcon
                          component={Link}
                          to={`/dashboard/lesson/${lesson.id}`}
                          variant="light"
                          aria-label={t('watchOf', { title: lesson.title })}
                        >
                          <IconEye size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ))}
                </Stack>
              </Stack>
            </Card>
          ))
        }
      </QueryStates>
    </Stack>
  );
}
