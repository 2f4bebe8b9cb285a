import { Box, Burger, Collapse, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminMenu } from '../components/admin-menu';

const MENU_WIDTH = 240;

/** /admin (spec 3 §2.3): side menu and section; the route itself requires ROLE_LEA_ADMIN. */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const [menuOpened, menu] = useDisclosure(false);
  const heading = (
    <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" py={4}>
      {t('area')}
    </Text>
  );
  return (
    <Container fluid px={0}>
      <Paper hiddenFrom="md" withBorder radius="md" p="xs" mb="md">
        <Group gap="xs" wrap="nowrap">
          <Burger opened={menuOpened} onClick={menu.toggle} size="sm" aria-label={t('menu.toggle')} />
          {heading}
        </Group>
        <Collapse expanded={menuOpened}>
          <Box pt="xs">
            <AdminMenu onNavigate={menu.close} />
          </Box>
        </Collapse>
      </Paper>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Paper visibleFrom="md" withBorder radius="md" p="xs" w={MENU_WIDTH} style={{ flexShrink: 0 }}>
          <Stack gap="xs">
            {heading}
            <AdminMenu />
          </Stack>
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Group>
    </Container>
  );
}
