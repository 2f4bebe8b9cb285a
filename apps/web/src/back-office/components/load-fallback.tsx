import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What a screen shows until its data is there: a loader, or why it could not load. */
export function LoadFallback({ pending, failure }: { pending: boolean; failure: string }) {
  const { t } = useTranslation('common');
  if (pending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertCircle />}>
      {failure}
    </Alert>
  );
}
