import { useEffect } from 'react';
import { ActionIcon, AppShell, Box, Button, Group, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconHelp, IconShieldLock } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from './api-client';
import { AppBreadcrumb } from './breadcrumb';
import { AppFooter } from './app-footer';
import { DataAgreementGate } from './data-agreement-gate';
import { useLoadProfileTitles } from './profile-title';
import { LanguageSwitch, Logo, LogoutButton, MessagesButton, ProfileMenu, SearchBox, ThemeToggle } from './app-header';
import { isAdministrator, useCurrentUser } from './current-user';
import { RequireAuth } from './guards';
import { selectTriad, useCurrentTriadId } from './current-triad';
import { useHelpDocuments } from './design';
import { HelpModal } from './help-modal';
import { MobileMenu } from './mobile-menu';
import { useMessageEvents } from './message-events';
import { MESSAGE_MODULE, offeredModulePath } from './module-routes';
import { PullToRefresh } from './pull-to-refresh';
import { readLocal, writeLocal } from './session';
import { GlobalLoader, ImpersonationBanner, OfflineBanner } from './shell-banners';
import { useActiveCourseCount, useTriad } from './shell-queries';
import { isTabBarVisible, TabBar } from './tab-bar';
import { TriadSelector } from './triad-selector';
import { useLogout } from './use-logout';

export const MOBILE_QUERY = '(max-width: 767px)';
const HEADER_HEIGHT = { mobile: 56, desktop: 64 };
const TAB_BAR_HEIGHT = 64;

const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The header's course search helps only someone with several courses to choose from, and not while
 * they fill in or read questionnaires (issue 11 §9).
 */
export function showsCourseSearch(pathname: string, courseCount: number): boolean {
  return courseCount > 1 && !pathname.startsWith('/dashboard/questionnaire');
}

/**
 * Administrators switch between the admin area and the page they left (remembered as the return path).
 * A link whose words say where it leads: no aria-pressed, which a link may not carry (axe aria-allowed-attr).
 */
function AdminSwitch() {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const inAdmin = isAdminPath(pathname);
  const target = inAdmin ? (readLocal('returnPath') ?? '/dashboard/training-course-list') : '/admin';
  return (
    <Button
      component={Link}
      to={target}
      onClick={() => {
        if (!inAdmin) writeLocal('returnPath', pathname + search);
      }}
      variant={inAdmin ? 'filled' : 'light'}
      size="compact-sm"
      leftSection={<IconShieldLock size={16} />}
    >
      {inAdmin ? t('admin.leave') : t('admin.enter')}
    </Button>
  );
}

/** The signed-in pages: their layout once the user is known (the login page otherwise). */
export default function SignedInLayout() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  );
}

/** The layout of every signed-in page (spec 1 §2.6). */
function AppLayout() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const { data: user } = useCurrentUser();
  const triadId = useCurrentTriadId();
  const triad = useTriad(triadId);
  const courseCount = useActiveCourseCount().data ?? 0;
  const helpDocuments = useHelpDocuments();
  const logout = useLogout();
  const [menuOpened, menu] = useDisclosure(false);
  const [helpOpened, help] = useDisclosure(false);
  const modules = triad.data?.trainingCourse.menu ?? [];
  const messagePath = offeredModulePath(modules, MESSAGE_MODULE);
  useMessageEvents(messagePath !== null);
  useLoadProfileTitles();

  // A remembered triad the user may no longer see is forgotten rather than shown as an error.
  const triadStatus = triad.error instanceof ApiRequestError ? triad.error.status : null;
  useEffect(() => {
    if (triadStatus === 403 || triadStatus === 404) selectTriad(null, null);
  }, [triadStatus]);

  if (!user) return null;
  const search = showsCourseSearch(pathname, courseCount);
  const inAdmin = isAdminPath(pathname);
  const showTabs = isTabBarVisible(pathname, isMobile);
  const helpButton = helpDocuments.length > 0 && (
    <Tooltip label={t('help.title')}>
      <ActionIcon variant="light" size="lg" onClick={help.open} aria-label={t('help.title')}>
        <IconHelp size={20} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <AppShell
      header={{ height: isMobile ? HEADER_HEIGHT.mobile : HEADER_HEIGHT.desktop }}
      footer={showTabs ? { height: TAB_BAR_HEIGHT } : undefined}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px={isMobile ? 'xs' : 'md'} gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <Tooltip label={t('back')}>
              <ActionIcon variant="subtle" color="gray" size="lg" onClick={() => void navigate(-1)} aria-label={t('back')}>
                <IconArrowLeft size={20} />
              </ActionIcon>
            </Tooltip>
            <Logo institutionLogo={triad.data?.trainingCourse.skin?.logo ?? triad.data?.training.institution.logo ?? null} />
            {search && !isMobile && <SearchBox compact={false} />}
          </Group>
          <Group gap={isMobile ? 0 : 4} wrap="nowrap">
            {search && isMobile && <SearchBox compact />}
            {messagePath && <MessagesButton count={user.userNewMessage} path={messagePath} />}
            <LanguageSwitch />
            <ThemeToggle />
            {!isMobile && <LogoutButton onLogout={logout} />}
            <Box ml={isMobile ? 4 : 'xs'}>
              <ProfileMenu user={user} onLogout={logout} />
            </Box>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <OfflineBanner />
        <ImpersonationBanner target={user.fullName} impersonator={user.impersonator?.fullName ?? null} />
        <Group justify="space-between" gap="sm" px={isMobile ? 'sm' : 'md'} pt="sm" wrap="wrap">
          <Box style={{ minWidth: 0, flex: '1 1 200px' }}>
            <AppBreadcrumb />
          </Box>
          <Group gap="xs" wrap={isMobile ? 'wrap' : 'nowrap'} style={isMobile ? { flex: '1 1 100%' } : undefined}>
            {helpButton}
            {isAdministrator(user) && <AdminSwitch />}
            {!inAdmin && <TriadSelector fullWidth={isMobile} />}
          </Group>
        </Group>
        <Box component="section" p={isMobile ? 'sm' : 'md'} style={{ flex: 1 }}>
          <Outlet />
        </Box>
        {!isMobile && <AppFooter />}
      </AppShell.Main>

      {showTabs && (
        <AppShell.Footer>
          <TabBar menu={modules} userType={user.type} onOpenMenu={menu.open} />
        </AppShell.Footer>
      )}
      <MobileMenu opened={menuOpened} onClose={menu.close} menu={modules} courseCount={courseCount} onLogout={logout} />
      <HelpModal opened={helpOpened} onClose={help.close} documents={helpDocuments} />
      <DataAgreementGate onLogout={logout} />
      <GlobalLoader />
      <PullToRefresh />
    </AppShell>
  );
}
