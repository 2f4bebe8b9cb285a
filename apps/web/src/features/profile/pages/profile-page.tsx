import { Alert, Container } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shell/api-client';
import { useCurrentUser } from '../../../shell/current-user';
import { PageLoader } from '../../../shell/page-loader';
import { useUserInfo } from '../api';
import { ProfileCard } from '../components/profile-card';

/** /profile/{id} (spec 1 §2.7): anyone's profile; only one's own can be edited (spec 1 §6). */
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
      <ProfileCard key={user.id} user={user} editable={isMe} />
    </Container>
  );
}
