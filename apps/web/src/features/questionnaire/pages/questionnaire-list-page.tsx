import { Container, Stack, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { NoTriadState } from '../../../shell/no-triad-state';
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
          <NoTriadState icon={<IconListDetails size={32} />} title={t('list.noTriad')} action={t('list.chooseTriad')} />
        ) : (
          <QuestionnaireYearBlocks triadId={triadId} withTitle={false} />
        )}
      </Stack>
    </Container>
  );
}
