import type { ReactNode } from 'react';
import { Box, Burger, Collapse, Container, Group, Paper, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useFullScreen } from './full-screen';

const MENU_WIDTH = 240;

type Props = {
  heading: ReactNode;
  /** The side menu; `onNavigate` closes the phone menu after a click. */
  menu: (onNavigate?: () => void) => ReactNode;
  toggleLabel: string;
  /** Shown instead of the matched screen (the manager area's error view); the screen otherwise. */
  content?: ReactNode;
};

/**
 * The manager and admin areas (spec 3 §2): a side menu beside the section, collapsed behind a
 * burger under 992 px. A screen in full-screen mode (the dashboards) closes the side menu on wide
 * screens; it comes back when the mode ends.
 */
export function BackOfficeLayout({ heading, menu, toggleLabel, content }: Props) {
  const [menuOpened, menuState] = useDisclosure(false);
  const fullScreen = useFullScreen();
  return (
    <Container fluid px={0}>
      <Paper hiddenFrom="md" withBorder radius="md" p="xs" mb="md">
        <Group gap="xs" wrap="nowrap">
          <Burger opened={menuOpened} onClick={menuState.toggle} size="sm" aria-label={toggleLabel} />
          {heading}
        </Group>
        <Collapse expanded={menuOpened}>
          <Box pt="xs">{menu(menuState.close)}</Box>
        </Collapse>
      </Paper>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {!fullScreen && (
          <Paper visibleFrom="md" withBorder radius="md" p="xs" w={MENU_WIDTH} style={{ flexShrink: 0 }}>
            <Stack gap="xs">
              {heading}
              {menu()}
            </Stack>
          </Paper>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>{content ?? <Outlet />}</Box>
      </Group>
    </Container>
  );
}
