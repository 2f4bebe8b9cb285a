import { useCallback, useMemo, useState } from 'react';
import { Alert, Container, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackOfficeLayout } from '../../../shell/back-office-layout';
import { PageLoader } from '../../../shell/page-loader';
import { useManagerAccess } from '../access';
import { useListedCourse, useManagerMenu } from '../api';
import { BackOfficeAreaContext, type BackOfficeArea } from '../../../back-office/area';
import { areaErrorCode, AreaErrorContext } from '../../../back-office/area-error';
import { AreaErrorView } from '../../../back-office/components/area-error-view';
import { ManagerMenu } from '../components/manager-menu';
import { menuLinks } from '../menu-links';

/** /lea-manager/{trainingCourseId} (spec 3 §2.1): side menu and section, for the course's managers. */
export default function ManagerLayout() {
  const { t } = useTranslation(['manager', 'common']);
  const courseId = Number(useParams().trainingCourseId);
  const location = useLocation();
  const access = useManagerAccess(courseId);
  const course = useListedCourse(courseId);
  const menu = useManagerMenu(courseId, access === 'allowed');
  // The error a screen reported, for the navigation it happened on: any other navigation clears it.
  const [reported, setReported] = useState<{ code: number; key: string } | null>(null);
  const report = useCallback((code: number | null) => setReported(code === null ? null : { code, key: location.key }), [location.key]);
  const area = useMemo<BackOfficeArea>(() => ({ kind: 'manager', courseId }), [courseId]);

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
  const errorCode = areaErrorCode(menu.error) ?? (reported?.key === location.key ? reported.code : null);
  const displayName = menu.data?.trainingCourse.displayName ?? course.data?.displayName ?? t('manager:courseFallback', { id: courseId });
  const links = menuLinks(menu.data);
  const heading = (
    <Stack gap={0} px="sm" py={4} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {t('manager:area')}
      </Text>
      <Text size="sm" fw={600} truncate>
        {displayName}
      </Text>
    </Stack>
  );
  return (
    <AreaErrorContext.Provider value={report}>
      <BackOfficeAreaContext.Provider value={area}>
        <BackOfficeLayout
          toggleLabel={t('manager:menu.toggle')}
          heading={heading}
          menu={(onNavigate) => <ManagerMenu base={base} links={links} onNavigate={onNavigate} />}
          content={errorCode === null ? undefined : <AreaErrorView code={errorCode} />}
        />
      </BackOfficeAreaContext.Provider>
    </AreaErrorContext.Provider>
  );
}
