import { Alert, Code, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { fetchLastPasswordMail } from '../users-api';

type Props = { user: { id: number; name: string } | null; onClose: () => void };

/** A user's last password e-mail (spec 3 §7.2 last-password-link): subject, date and body, or the "no mail" notice (§8). */
export function LastMailModal({ user, onClose }: Props) {
  const { t, i18n } = useTranslation('admin-users');
  const mail = useQuery({
    queryKey: ['admin', 'user', 'last-mail', user?.id],
    queryFn: () => fetchLastPasswordMail(user!.id),
    enabled: user !== null,
    gcTime: 0,
  });
  const date = mail.data?.date ? new Date(mail.data.date) : null;
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? t('actions.lastMailOf', { name: user.name }) : ''} size="lg">
      {!mail.data ? (
        <LoadFallback pending={mail.isPending} failure={t('lastMail.noMail')} />
      ) : mail.data.subject === null ? (
        <Alert color="gray" title={t('lastMail.noMailTitle')}>
          {t('lastMail.noMail')}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            <strong>{t('lastMail.subject')} :</strong> {mail.data.subject}
          </Text>
          {date && (
            <Text size="sm">
              <strong>{t('lastMail.date')} :</strong>{' '}
              {new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', {
                dateStyle: 'long',
                timeStyle: 'short',
                timeZone: 'Europe/Paris',
              }).format(date)}
            </Text>
          )}
          <Text size="sm" fw={700}>
            {t('lastMail.body')}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {mail.data.body}
          </Code>
        </Stack>
      )}
    </Modal>
  );
}
