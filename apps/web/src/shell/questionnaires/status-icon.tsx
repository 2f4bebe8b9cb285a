import { ThemeIcon, Tooltip, Stack, Text } from '@mantine/core';
import { IconCheck, IconHourglassLow, IconLock, IconLockOpen, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProfileStatus, ReplyIcon } from '@lea/shared';
import { formatDay, managerActionOf } from './questionnaire-queries';
import { StatusActionButton } from './status-action';
import { useProfileTitle } from '../profile-title';

/** Spec 2 §4 and spec 3 §4: lock, lock-open (unlocked), check (signed), hourglass-start (pending). */
export const STATUS_ICONS: Readonly<Record<ReplyIcon, { icon: TablerIcon; color: string }>> = {
  lock: { icon: IconLock, color: 'gray' },
  'lock-open': { icon: IconLockOpen, color: 'blue' },
  check: { icon: IconCheck, color: 'green' },
  'hourglass-start': { icon: IconHourglassLow, color: 'orange' },
};

type StatusIconProps = {
  profile: number;
  status: ProfileStatus | undefined;
  /** Given when the caller manages the course: a signature or an ended lock becomes a button. */
  manage?: { triadId: number; questionnaireId: number } | undefined;
};

/**
 * One profile's status in a questionnaire, with a tooltip giving its completion window and the
 * signed date. Focusable so that keyboard users reach the tooltip too.
 */
export function StatusIcon({ profile, status, manage }: StatusIconProps) {
  const { t } = useTranslation('questionnaire');
  const titleOf = useProfileTitle();
  if (!status) {
    // A neutral mark, not an hourglass: nobody waits for this profile's signature.
    const label = t('status.none', { profile: titleOf(profile) });
    return (
      <Tooltip withArrow events={{ hover: true, focus: true, touch: true }} label={label}>
        <Text component="span" c="dimmed" size="sm" role="img" tabIndex={0} aria-label={label} data-icon="none" w={28} ta="center">
          –
        </Text>
      </Tooltip>
    );
  }
  const { icon: Icon, color } = STATUS_ICONS[status.icon];
  const label = `${titleOf(profile)} : ${t(`status.${status.icon}`)}`;
  const start = formatDay(status.startDate);
  const end = formatDay(status.endDate);
  const signed = formatDay(status.signedAt);
  const window =
    start && end
      ? t('status.window', { start, end })
      : start
        ? t('status.from', { start })
        : end
          ? t('status.until', { end })
          : t('status.noWindow');
  const details = (
    <>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      <Text size="xs">{window}</Text>
      {signed && <Text size="xs">{t('status.signedOn', { date: signed })}</Text>}
    </>
  );
  const summary = [label, window, signed ? t('status.signedOn', { date: signed }) : null].filter(Boolean).join(', ');
  const action = manage ? managerActionOf(status) : null;
  if (manage && action) {
    return (
      <StatusActionButton
        action={action}
        target={{ ...manage, profile }}
        color={color}
        icon={status.icon}
        details={details}
        summary={summary}
      >
        <Icon size={16} aria-hidden />
      </StatusActionButton>
    );
  }
  return (
    <Tooltip withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }} label={<Stack gap={0}>{details}</Stack>}>
      <ThemeIcon variant="light" color={color} size={28} radius="xl" tabIndex={0} role="img" aria-label={summary} data-icon={status.icon}>
        <Icon size={16} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}
