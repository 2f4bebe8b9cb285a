import { ActionIcon, Badge, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './level-picker.module.css';

type Props = {
  profile: string;
  max: number;
  value: number;
  /** Why the caller cannot change it (skill lock or session lock), or null when they can. */
  lock: string | null;
  onChange: (value: number) => void;
};

/** A column's level buttons, 1 to max, and a reset to 0 (spec 2 §4); a locked one says why when pressed. */
export function LevelPicker({ profile, max, value, lock, onChange }: Props) {
  const { t } = useTranslation('skill');
  const pick = (level: number) => {
    if (lock) notifications.show({ color: 'orange', message: lock });
    else onChange(level);
  };
  return (
    <Group gap={4} wrap="nowrap" className={classes.picker} data-locked={lock ? true : undefined}>
      {Array.from({ length: max }, (_, index) => index + 1).map((level) => (
        <UnstyledButton
          key={level}
          className={classes.level}
          data-selected={level === value ? true : undefined}
          aria-pressed={level === value}
          aria-label={t('level', { profile, level })}
          onClick={() => pick(level)}
        >
          {level}
        </UnstyledButton>
      ))}
      {lock ? (
        <Tooltip label={lock} multiline w={260}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={lock} onClick={() => pick(0)}>
            <IconLock size={14} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('reset', { profile })}
          disabled={value === 0}
          onClick={() => pick(0)}
        >
          <IconX size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Another profile's level, read only. */
export function LevelBadge({ profile, value, label }: { profile: string; value: number; label: string | undefined }) {
  const { t } = useTranslation('skill');
  return (
    <Tooltip label={value === 0 ? t('notRated') : `${value} - ${label ?? ''}`}>
      <Badge variant={value === 0 ? 'outline' : 'light'} color={value === 0 ? 'gray' : 'blue'} aria-label={`${profile} : ${value}`}>
        {value === 0 ? '—' : value}
      </Badge>
    </Tooltip>
  );
}
