import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The error view that replaces the area's content (spec 3 §2.1): the shell's wording per status. */
export function AreaErrorView({ code }: { code: number }) {
  const { t } = useTranslation(['error', 'manager']);
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p="xl" role="alert" data-testid="manager-error-view">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} fz={56} lh={1} c="var(--mantine-primary-color-filled)" aria-label={t('error:codeLabel', { code })}>
          {code}
        </Title>
        <Text size="lg">{t(`error:messages.${code}`)}</Text>
        <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => void navigate(-1)}>
          {t('error:actions.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
