import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spinner shown while a stored or handed-over session is being opened. */
export function SigningIn() {
  const { t } = useTranslation('auth');
  return (
    <Stack align="center" gap="sm" py="xl" role="status" aria-live="polite">
      <Loader />
      <Text c="dimmed">{t('switch.inProgress')}</Text>
    </Stack>
  );
}
