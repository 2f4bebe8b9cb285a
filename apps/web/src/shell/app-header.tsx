import { ActionIcon, Avatar, Button, Image, Indicator, Menu, Popover, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconDeviceDesktop, IconLanguage, IconLogout, IconMail, IconMoon, IconSearch, IconSun, IconUser } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AVATAR_COLORS, type User } from '@lea/shared';
import { changeLanguage, type Language } from '../i18n';
import { isAdministrator } from './current-user';
import { useDesign } from './design';
import { useThemeMode, type ThemeMode } from './theme';

const THEME_ICONS: Record<ThemeMode, typeof IconSun> = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop };

/** Avatar initials: the first letters of up to two words (spec 1 §9). */
export function initials(fullName: string): string {
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

export function avatarColor(user: Pick<User, 'roles' | 'type'>): string {
  if (isAdministrator(user)) return AVATAR_COLORS.admin;
  if (user.type === 'tutor') return AVATAR_COLORS.tutor;
  if (user.type === 'apprentice_master') return AVATAR_COLORS.apprenticeMaster;
  if (user.type === 'apprentice') return AVATAR_COLORS.apprentice;
  return AVATAR_COLORS.user;
}

/** The platform logo, or the current triad's institution logo where it has one. */
export function Logo({ institutionLogo }: { institutionLogo: string | null }) {
  const { t } = useTranslation('shell');
  const { data: design } = useDesign();
  const logo = institutionLogo ?? design?.logos.logoType ?? design?.logos.logoCfa;
  return (
    <UnstyledButton
      component={Link}
      to="/dashboard/home"
      aria-label={t('home')}
      style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}
    >
      {logo ? (
        // A fixed box: the header does not move when the logo arrives (layout shift, decision 034).
        <Image
          src={logo}
          alt={design?.name ?? t('common:appName')}
          h={36}
          w={140}
          fit="contain"
          style={{ objectPosition: 'left center' }}
        />
      ) : (
        <Text fw={800} fz="xl" c="var(--mantine-primary-color-filled)" truncate>
          {design?.name ?? t('common:appName')}
        </Text>
      )}
    </UnstyledButton>
  );
}

/**
 * The header's search: a training course, by name (spec 2 §2). Enter opens the course list
 * filtered on the text, which stays editable there.
 */
export function SearchBox({ compact }: { compact: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    void navigate(query === '' ? '/dashboard/training-course-list' : `/dashboard/training-course-list?search=${encodeURIComponent(query)}`);
  };
  const input = (
    <form role="search" onSubmit={submit}>
      <TextInput
        type="search"
        aria-label={t('searchCourses')}
        placeholder={t('searchCourses')}
        leftSection={<IconSearch size={16} />}
        size="sm"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </form>
  );
  if (!compact) return <div style={{ flex: '0 1 320px', minWidth: 140 }}>{input}</div>;
  return (
    <Popover position="bottom-end" width={260} shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('searchCourses')}>
          <IconSearch size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>{input}</Popover.Dropdown>
    </Popover>
  );
}

/** The envelope, offered only where the course has a working message module. */
export function MessagesButton({ count, path }: { count: number; path: string }) {
  const { t } = useTranslation('shell');
  return (
    <Tooltip label={t('messages', { count })}>
      <Indicator label={count} size={16} disabled={count === 0} color="red" offset={4}>
        <ActionIcon component={Link} to={path} variant="subtle" color="gray" size="lg" aria-label={t('messages', { count })}>
          <IconMail size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const current: Language = i18n.language?.startsWith('en') ? 'en' : 'fr';
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          px={6}
          leftSection={<IconLanguage size={18} />}
          aria-label={t('language.current', { name: t(`language.${current}`) })}
        >
          <Text size="xs" fw={700} tt="uppercase" c="inherit">
            {current}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(['fr', 'en'] as const).map((language) => (
          <Menu.Item
            key={language}
            onClick={() => void changeLanguage(language)}
            fw={language === current ? 700 : undefined}
            aria-current={language === current || undefined}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const { mode, cycleThemeMode } = useThemeMode();
  const ModeIcon = THEME_ICONS[mode];
  const label = t('theme.toggle', { mode: t(`theme.${mode}`) });
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={cycleThemeMode} aria-label={label}>
        <ModeIcon size={20} />
      </ActionIcon>
    </Tooltip>
  );
}

export function LogoutButton({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Tooltip label={t('logout')}>
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={onLogout} aria-label={t('logout')}>
        <IconLogout size={20} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Profile, theme cycling and logout under the user's avatar. */
export function ProfileMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t } = useTranslation('shell');
  const { mode, cycleThemeMode } = useThemeMode();
  const ModeIcon = THEME_ICONS[mode];
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t('profileMenu', { name: user.fullName })} style={{ display: 'flex' }}>
          <Avatar color={avatarColor(user)} variant="filled" radius="xl" size={34}>
            {initials(user.fullName)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.fullName}</Menu.Label>
        <Menu.Item component={Link} to={`/profile/${user.id}`} leftSection={<IconUser size={16} />}>
          {t('routes.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<ModeIcon size={16} />} onClick={cycleThemeMode} closeMenuOnClick={false}>
          {t('theme.toggle', { mode: t(`theme.${mode}`) })}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={onLogout}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
