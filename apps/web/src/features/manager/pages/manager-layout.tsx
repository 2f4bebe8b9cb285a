import { Alert, Box, Burger, Collapse, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../shell/page-loader';
import { useManagerAccess } from '../access';
import { useListedCourse } from '../api';
import { ManagerMenu } from '../components/manager-menu';

const MENU_WIDTH = 240;

/** /lea-manager/{trainingCourseId} (spec 3 §2.1): side menu and section, for the course's managers. */
export default function ManagerLayout() {
  const { t } = useTranslation(['manager', 'common']);
  const courseId = Number(useParams().trainingCourseId);
  const access = useManagerAccess(courseId);
  const course = useListedCourse(courseId);
  const [menuOpened, menu] = useDisclosure(false);

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
    <Container fluid px={0}>
      <Paper hiddenFrom="md" withBorder radius="md" p="xs" mb="md">
        <Group gap="xs" wrap="nowrap">
          <Burger opened={menuOpened} onClick={menu.toggle} size="sm" aria-label={t('manager:menu.toggle')} />
          {heading}
        </Group>
        <Collapse expanded={menuOpened}>
          <Box pt="xs">
            <ManagerMenu base={base} onNavigate={menu.close} />
          </Box>
        </Collapse>
      </Paper>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Paper visibleFrom="md" withBorder radius="md" p="xs" w={MENU_WIDTH} style={{ flexShrink: 0 }}>
          <Stack gap="xs">
            {heading}
            <ManagerMenu base={base} />
          </Stack>
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Group>
    </Container>
  );
}
