import { Badge, Button, Collapse, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChartRadar, IconDeviceFloppy, IconFileSpreadsheet, IconFileTypePdf, IconMenu2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SkillLevel } from '@lea/shared';
import { NeedsNetwork } from '../../../shell/needs-network';

type Props = {
  levels: SkillLevel[];
  canSave: boolean;
  saving: boolean;
  dirty: boolean;
  lastUpdate: string | null;
  onSave: () => void;
  onPdf: () => void;
  onXlsx: () => void;
};

/** Statistics, PDF, Excel and Save, collapsed under 991 px (spec 2 §2, §9), with the grading scale and the last update. */
export function ActionsPanel({ levels, canSave, saving, dirty, lastUpdate, onSave, onPdf, onXlsx }: Props) {
  const { t } = useTranslation('skill');
  const narrow = useMediaQuery('(max-width: 991px)');
  const [opened, { toggle }] = useDisclosure(false);
  const actions = (
    <Stack gap="xs">
      <Button component={Link} to="/dashboard/skills/stats" variant="default" leftSection={<IconChartRadar size={18} />}>
        {t('stats')}
      </Button>
      <NeedsNetwork>
        {(offline) => (
          <>
            <Button variant="default" leftSection={<IconFileTypePdf size={18} />} disabled={offline} onClick={onPdf}>
              {t('exportPdf')}
            </Button>
            <Button variant="default" leftSection={<IconFileSpreadsheet size={18} />} disabled={offline} onClick={onXlsx}>
              {t('exportXlsx')}
            </Button>
            {canSave && (
              <Button leftSection={<IconDeviceFloppy size={18} />} disabled={offline || !dirty} loading={saving} onClick={onSave}>
                {t('save')}
              </Button>
            )}
          </>
        )}
      </NeedsNetwork>
    </Stack>
  );
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        {narrow ? (
          <>
            <Button variant="subtle" leftSection={<IconMenu2 size={18} />} onClick={toggle} aria-expanded={opened} fullWidth>
              {t('actions')}
            </Button>
            <Collapse expanded={opened}>{actions}</Collapse>
            {canSave && dirty && !opened && (
              <Button mt="xs" fullWidth leftSection={<IconDeviceFloppy size={18} />} loading={saving} onClick={onSave}>
                {t('save')}
              </Button>
            )}
          </>
        ) : (
          actions
        )}
        {dirty && (
          <Badge color="orange" variant="light" mt="xs">
            {t('unsaved')}
          </Badge>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h5" mb="xs">
          {t('gradingScale')}
        </Title>
        <Stack gap={2} component="ol" m={0} pl="md">
          {levels.map((level) => (
            <Text key={level.level} component="li" size="sm">
              {level.label}
            </Text>
          ))}
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed" data-testid="skill-last-update">
        {lastUpdate ?? t('noUpdate')}
      </Text>
    </Stack>
  );
}
