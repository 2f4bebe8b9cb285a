import { Button, Container, EmptyState, Stack, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { QuestionnaireYearBlocks } from '../../../shell/questionnaires/questionnaire-year-blocks';

/** /dashboard/questionnaires (MODULE_LEA_QUESTIONNAIRE): the triad's questionnaires per year and category. */
export default function QuestionnaireListPage() {
  const { t } = useTranslation('questionnaire');
  const triadId = useCurrentTriadId();
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {triadId === null ? (
          <EmptyState icon={<IconListDetails size={32} />} withIndicatorBackground title={t('list.noTriad')}>
            <EmptyState.Actions>
              <Button component={Link} to="/dashboard/training-course-list">
                {t('list.chooseTriad')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <QuestionnaireYearBlocks triadId={triadId} withTitle={false} />
        )}
      </Stack>
    </Container>
  );
}
