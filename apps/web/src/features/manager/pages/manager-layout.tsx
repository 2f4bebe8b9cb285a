import { Alert, Container, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackOfficeLayout } from '../../../shell/back-office-layout';
import { PageLoader } from '../../../shell/page-loader';
import { useManagerAccess } from '../access';
import { useListedCourse } from '../api';
import { ManagerMenu } from '../components/manager-menu';

/** /lea-manager/{trainingCourseId} (spec 3 §2.1): side menu and section, for the course's managers. */
export default function ManagerLayout() {
  const { t } = useTranslation(['manager', 'common']);
  const courseId = Number(useParams().trainingCourseId);
  const access = useManagerAccess(courseId);
  const course = useListedCourse(courseId);

  if (access === 'pending') return <PageLoader />;
  if (access === 'denied') return null;
  if (access === 'error') {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" icon={<IconAlertCircle />}>
          {t('common:errors.generic')}
        </Alert>
      </Container>
    );
  }

  const base = `/lea-manager/${courseId}`;
  const heading = (
    <Stack gap={0} px="sm" py={4} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {t('manager:area')}
      </Text>
      <Text size="sm" fw={600} truncate>
        {course.data?.displayName ?? t('manager:courseFallback', { id: courseId })}
      </Text>
    </Stack>
  );
  return (
    <BackOfficeLayout
      toggleLabel={t('manager:menu.toggle')}
      heading={heading}
      menu={(onNavigate) => <ManagerMenu base={base} onNavigate={onNavigate} />}
    />
  );
}
