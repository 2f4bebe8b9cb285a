import { Accordion, Alert, Anchor, Box, Card, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireList, QuestionnaireSummary } from '@lea/shared';
import { buildTodoItems, questionnairePath, useManagesTriad, useQuestionnaireList } from './questionnaire-queries';
import { StatusIcon } from './status-icon';
import { useProfileTitle } from '../profile-title';

const ICON_COLUMN = 32;

/** Apprentice, tutor, apprenticeship master, and the manager when the course shows its column. */
export function profileColumns(list: Pick<QuestionnaireList, 'leaManagerColumn'>): number[] {
  return list.leaManagerColumn ? [1, 2, 3, 4] : [1, 2, 3];
}

/** Years holding something to do open by default; otherwise the first year does. */
function openYears(list: QuestionnaireList): string[] {
  const due = new Set(buildTodoItems(list).map((item) => item.questionnaire.year));
  const years = list.years.filter((year) => due.has(year.year)).map((year) => String(year.year));
  const first = list.years[0];
  return years.length > 0 ? years : first ? [String(first.year)] : [];
}

/**
 * The triad's questionnaires in one collapsible block per year, grouped by category, with a status
 * icon per profile (spec 2 §2). Shown on the dashboard home and on the questionnaire module page.
 */
export function QuestionnaireYearBlocks({ triadId, withTitle = true }: { triadId: number; withTitle?: boolean }) {
  const { t } = useTranslation('questionnaire');
  const query = useQuestionnaireList(triadId);
  const canManage = useManagesTriad(triadId);
  return (
    // On the module page the accordion stands alone; on the dashboard it sits in a card like its neighbours.
    <Card withBorder={withTitle} radius="md" padding={withTitle ? 'md' : 0} bg={withTitle ? undefined : 'transparent'}>
      <Stack gap="sm">
        {withTitle && (
          <Title order={2} size="h4">
            {t('list.title')}
          </Title>
        )}
        {query.isPending ? (
          <Loader size="sm" aria-label={t('list.loading')} />
        ) : query.isError ? (
          <Alert color="red" variant="light">
            {t('list.error')}
          </Alert>
        ) : query.data.years.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('list.empty')}
          </Text>
        ) : (
          <YearAccordion list={query.data} triadId={triadId} canManage={canManage} />
        )}
      </Stack>
    </Card>
  );
}

function YearAccordion({ list, triadId, canManage }: { list: QuestionnaireList; triadId: number; canManage: boolean }) {
  const { t } = useTranslation('questionnaire');
  const titleOf = useProfileTitle();
  const columns = profileColumns(list);
  return (
    <Accordion multiple variant="separated" radius="md" defaultValue={openYears(list)}>
      {list.years.map((year) => (
        <Accordion.Item key={year.year} value={String(year.year)}>
          <Accordion.Control>
            <Text fw={600}>{t('list.year', { year: year.year })}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              {year.categories.map((category) => (
                <Box key={category.id ?? `none-${category.title}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
                    <Text size="sm" fw={700} c="dimmed" tt="uppercase" style={{ overflowWrap: 'anywhere' }}>
                      {category.title || t('list.noCategory')}
                    </Text>
                    <Group gap={4} wrap="nowrap" aria-hidden>
                      {columns.map((profile) => (
                        <Tooltip key={profile} label={titleOf(profile)}>
                          <Text size="xs" fw={700} c="dimmed" w={ICON_COLUMN} ta="center">
                            {titleOf(profile, 'titleAbbreviation')}
                          </Text>
                        </Tooltip>
                      ))}
                    </Group>
                  </Group>
                  <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {category.questionnaires.map((questionnaire) => (
                      <QuestionnaireRow
                        key={questionnaire.id}
                        questionnaire={questionnaire}
                        triadId={triadId}
                        columns={columns}
                        canManage={canManage}
                      />
                    ))}
                  </Stack>
                </Box>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

type RowProps = { questionnaire: QuestionnaireSummary; triadId: number; columns: number[]; canManage: boolean };

function QuestionnaireRow({ questionnaire, triadId, columns, canManage }: RowProps) {
  const manage = canManage ? { triadId, questionnaireId: questionnaire.id } : undefined;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py={4}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Anchor
        component={Link}
        to={questionnairePath(triadId, questionnaire.id)}
        size="sm"
        style={{ overflowWrap: 'anywhere', minWidth: 0 }}
      >
        {questionnaire.title}
      </Anchor>
      <Group gap={4} wrap="nowrap">
        {columns.map((profile) => (
          <Box key={profile} w={ICON_COLUMN} style={{ display: 'flex', justifyContent: 'center' }}>
            <StatusIcon profile={profile} status={questionnaire.profileStatus[String(profile)]} manage={manage} />
          </Box>
        ))}
      </Group>
    </Group>
  );
}
