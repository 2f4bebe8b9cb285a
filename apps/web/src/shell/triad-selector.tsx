import { useEffect } from 'react';
import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconList, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TriadCard } from '@lea/shared';
import { beginPageLoadOverlay, changeTriad, settleTriadOverlay, useCurrentTrainingCourseId, useCurrentTriadId } from './current-triad';
import { useCourseTriads, useTriad } from './shell-queries';

export function triadLabel(triad: Pick<TriadCard, 'id' | 'apprentice'>): string {
  return triad.apprentice?.fullName ?? `#${triad.id}`;
}

/**
 * The shell's triad selector: the current course's triads by apprentice name, the manager
 * settings of the course (its managers only) and the way back to the training course list.
 */
export function TriadSelector({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation('shell');
  const courseId = useCurrentTrainingCourseId();
  const triadId = useCurrentTriadId();
  const triads = useCourseTriads(courseId);
  const triad = useTriad(triadId);

  // The selector is on every page of the triad's screens: it watches the working triad's loading
  // for the overlay of a change or a reload (spec 2 §9), and never leaves it up once it is gone.
  const loaded = triad.data !== undefined;
  useEffect(() => beginPageLoadOverlay(triadId, loaded), [triadId, loaded]);
  const settled = triad.isError ? 'error' : loaded && !triad.isFetching ? 'data' : null;
  useEffect(() => {
    if (triadId === null) settleTriadOverlay(null, 'error');
    else if (settled !== null) settleTriadOverlay(triadId, settled);
  }, [triadId, settled, triad.dataUpdatedAt]);
  useEffect(() => () => settleTriadOverlay(null, 'error'), []);

  const onChange = (value: string | null) => {
    if (!value || Number(value) === triadId) return;
    changeTriad(Number(value), courseId);
  };

  const options = (triads.data?.triads ?? []).map((item) => ({ value: String(item.id), label: triadLabel(item) }));
  return (
    <Group gap="xs" wrap="nowrap" style={fullWidth ? { flex: 1 } : undefined}>
      {courseId !== null && (
        <Select
          aria-label={t('triadSelector.label')}
          placeholder={t('triadSelector.placeholder')}
          data={options}
          value={triadId === null ? null : String(triadId)}
          onChange={onChange}
          searchable={options.length > 8}
          nothingFoundMessage={t('triadSelector.nothingFound')}
          allowDeselect={false}
          disabled={triads.isPending}
          size="sm"
          w={fullWidth ? undefined : 240}
          style={fullWidth ? { flex: 1 } : undefined}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {courseId !== null && triad.data?.trainingCourse.isLeaManager === true && (
        <Tooltip label={t('triadSelector.managerSettings')}>
          <ActionIcon
            component={Link}
            to={`/lea-manager/${courseId}`}
            variant="default"
            size="lg"
            aria-label={t('triadSelector.managerSettings')}
          >
            <IconSettings size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('triadSelector.courseList')}>
        <ActionIcon
          component={Link}
          to="/dashboard/training-course-list"
          variant="default"
          size="lg"
          aria-label={t('triadSelector.courseList')}
        >
          <IconList size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
