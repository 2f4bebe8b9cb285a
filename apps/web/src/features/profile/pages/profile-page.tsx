import { Alert, Card, Container, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shell/api-client';
import { useCurrentUser } from '../../../shell/current-user';
import { MessageNotificationSwitch } from '../../../shell/message-notification-switch';
import { WeeklyDigestSwitch } from '../components/weekly-digest-switch';
import { PageLoader } from '../../../shell/page-loader';
import { useUserInfo } from '../api';
import { PersonalDataCard } from '../components/personal-data-card';
import { ProfileCard } from '../components/profile-card';
import { ProfileSummaryCard } from '../components/profile-summary-card';

/**
 * /profile/{id} (spec 1 §2.7): one's own (editable, spec 1 §6), or another member's as the server
 * answers it to the viewer: whole, or name, photo and role for a triad partner.
 */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { id: param } = useParams();
  const { data: me } = useCurrentUser();
  const requestedId = Number(param);
  const isMe = !!me && (param === 'me' || requestedId === me.id);
  const validId = Number.isInteger(requestedId) && requestedId > 0;
  const info = useUserInfo(requestedId, !isMe && validId);
  const user = isMe ? me : info.data;

  if (!isMe && (!validId || info.isError)) {
    const status = info.error instanceof ApiRequestError ? info.error.status : 404;
    return (
      <Container size="md" px={0}>
        <Alert color="red" icon={<IconAlertCircle />} title={t('unavailable')}>
          {t(status === 403 ? 'forbidden' : 'notFound')}
        </Alert>
      </Container>
    );
  }
  if (!user) return <PageLoader />;
  return (
    <Container size="md" px={0}>
      {'summary' in user ? <ProfileSummaryCard user={user} /> : <ProfileCard key={user.id} user={user} editable={isMe} />}
      {isMe && (
        <Card withBorder radius="md" padding="lg" mt="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('mailPreferences')}
            </Title>
            <MessageNotificationSwitch />
            <WeeklyDigestSwitch />
          </Stack>
        </Card>
      )}
      {isMe && <PersonalDataCard />}
    </Container>
  );
}
