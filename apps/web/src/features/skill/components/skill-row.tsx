import { ActionIcon, Anchor, Box, Collapse, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconInfoCircle, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillLevel, SkillView } from '@lea/shared';
import { useProfileTitle } from '../../../shell/profile-title';
import type { SkillTarget } from '../api';
import { LevelBadge, LevelPicker } from './level-picker';
import { SkillHistory } from './skill-history';
import classes from './skill-grid.module.css';

export type GridContext = {
  target: SkillTarget;
  sessionId: number;
  open: boolean;
  columns: number[];
  ratingProfile: number | null;
  levels: SkillLevel[];
  max: number;
  canJustify: boolean;
  hasReply: boolean;
  draft: Record<number, number>;
  onRate: (skillId: number, value: number) => void;
  onJustify: (skill: SkillView) => void;
};

/** One skill: its name, a column per profile (the caller's editable), history and justification (spec 2 §2). */
export function SkillRow({ skill, grid }: { skill: SkillView; grid: GridContext }) {
  const { t } = useTranslation('skill');
  const titleOf = useProfileTitle();
  const [history, setHistory] = useState(false);
  const own = grid.ratingProfile === null ? undefined : skill.answers[String(grid.ratingProfile)];
  const ownValue = grid.draft[skill.id] ?? own?.value ?? 0;
  const lock = skill.computed ? t('skillLock') : !grid.open ? t('sessionLock') : null;
  const showJustify = skill.needJustificative && grid.canJustify && grid.hasReply;
  const files = own?.files ?? [];
  return (
    <Box className={classes.row} data-testid={`skill-${skill.id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" className={classes.name}>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Text size="sm" fw={500}>
            {skill.name}
          </Text>
          {skill.tooltip && (
            <Tooltip label={skill.tooltip} multiline w={260}>
              <IconInfoCircle size={16} aria-label={skill.tooltip} />
            </Tooltip>
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('history')}>
            <ActionIcon
              variant={history ? 'light' : 'subtle'}
              size="sm"
              aria-label={t('history')}
              aria-expanded={history}
              onClick={() => setHistory((v) => !v)}
            >
              <IconHistory size={16} />
            </ActionIcon>
          </Tooltip>
          {showJustify && (
            <Tooltip label={ownValue === 0 ? t('justificativeDisabled') : t('justificative')}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('justificative')}
                disabled={!own || own.value === 0}
                onClick={() => grid.onJustify(skill)}
              >
                <IconPaperclip size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Stack gap={4} className={classes.values}>
        {grid.columns.map((profile) => {
          const label = titleOf(profile);
          const value = profile === grid.ratingProfile ? ownValue : (skill.answers[String(profile)]?.value ?? 0);
          return (
            <Group key={profile} gap="xs" wrap="nowrap" className={classes.cell}>
              <Text size="xs" c="dimmed" className={classes.profile}>
                {label}
              </Text>
              {profile === grid.ratingProfile ? (
                <LevelPicker profile={label} max={grid.max} value={value} lock={lock} onChange={(next) => grid.onRate(skill.id, next)} />
              ) : (
                <LevelBadge profile={label} value={value} label={grid.levels.find((level) => level.level === value)?.label} />
              )}
            </Group>
          );
        })}
        {skill.computed && (
          <Text size="xs" c="dimmed">
            {t('computed')}
          </Text>
        )}
        {files.length > 0 && (
          <Group gap="xs">
            {files.map((file) => (
              <Anchor key={file.id} href={file.url} size="xs">
                {file.originalName}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>
      <Collapse expanded={history} className={classes.history}>
        {history && <SkillHistory target={grid.target} skillId={skill.id} sessionId={grid.sessionId} />}
      </Collapse>
    </Box>
  );
}
