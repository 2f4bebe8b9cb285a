import { Card, Progress, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { computeProgress, formatPercent, type Progress as ProgressValue } from '../../../shell/questionnaires/progress';
import { useQuestionnaireList } from '../../../shell/questionnaires/questionnaire-queries';

/** Spec 2 §2: the label sits inside the bar, and turns light once the bar covers it (above 50 %, 62 % on phones). */
function ProgressBar({ label, value }: { label: string; value: ProgressValue }) {
  const { t, i18n } = useTranslation('dashboard');
  const phone = useMediaQuery('(max-width: 48em)');
  const percent = value.percent ?? 0;
  const covered = percent > (phone ? 62 : 50);
  const text = value.percent === null ? t('progress.nothing') : formatPercent(percent, i18n.language);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id={`progress-${label}`}>
        {label}
      </Text>
      <Progress.Root size={26} radius="md" aria-labelledby={`progress-${label}`}>
        <Progress.Section value={percent} aria-label={text} />
        <Text
          size="sm"
          fw={700}
          pos="absolute"
          left={0}
          right={0}
          ta="center"
          lh="26px"
          c={covered ? 'var(--mantine-primary-color-contrast)' : 'var(--mantine-color-text)'}
          data-covered={covered || undefined}
        >
          {text}
        </Text>
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {t('progress.count', { signed: value.signed, total: value.total })}
      </Text>
    </Stack>
  );
}

/** 'Ma progression' and 'Progression du livret': signed replies over signers, from the questionnaire list. */
export function ProgressCard({ triadId }: { triadId: number }) {
  const { t } = useTranslation('dashboard');
  const list = useQuestionnaireList(triadId);
  if (!list.data) return null;
  const progress = computeProgress(list.data);
  return (
    <Card withBorder padding="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('progress.title')}
      </Title>
      <Stack gap="md">
        <ProgressBar label={t('progress.user')} value={progress.user} />
        <ProgressBar label={t('progress.triad')} value={progress.triad} />
      </Stack>
    </Card>
  );
}
