import { Button } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagingScreen } from '../components/messaging-screen';

/**
 * /lea-manager/{course}/messaging[/:id|/new] (spec 3 §2.1, LEA_MANAGER_MESSAGE: leaManagerMessaging,
 * leaManagerMessagingShow, leaManagerMessagingNew): the course's people and conversations.
 */
export default function ManagerMessagingPage() {
  const { t } = useTranslation('message');
  const courseId = Number(useParams().trainingCourseId);
  const basePath = `/lea-manager/${courseId}/messaging`;
  return (
    <MessagingScreen
      area={{ kind: 'manager', courseId }}
      basePath={basePath}
      actions={
        <Button component={Link} to={`${basePath}/reported`} variant="light" color="orange" leftSection={<IconFlag size={18} />}>
          {t('reported.link')}
        </Button>
      }
    />
  );
}
