import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GenericActionResponse } from '@lea/shared';
import { areaKey, useBackOfficeArea } from '../../back-office/area';
import { actionFailure, deleteRecord, errorMessage, sortRecord, useEntityList } from '../../back-office/entity-api';

/** Every row of a list in the entity's own order: a course has tens of units, subjects and lessons, not thousands. */
const ALL = { limit: 1000, offset: 0, search: '', sortByField: null, sortOrder: 'ASC' } as const;

export type UnitRow = { id: number; name: string; canRemove: boolean; removeReason: string | null };
export type SubjectRow = UnitRow & { unitId: number; unit: string; lessonCount: number };
export type LessonRow = { id: number; title: string; subjectId: number };

const asRows = <R>(data: Record<string, unknown>[] | undefined) => (data ?? []) as R[];

/** The course's units, subjects and lessons from the generic lists (spec 3 §7.1), for the grouped pages. */
export function useCourseContent() {
  const area = useBackOfficeArea();
  const units = useEntityList(area, 'unit', null, ALL);
  const subjects = useEntityList(area, 'subject', null, ALL);
  const lessons = useEntityList(area, 'lesson', null, ALL);
  return {
    area,
    units: asRows<UnitRow>(units.data?.data),
    subjects: asRows<SubjectRow>(subjects.data?.data),
    lessons: asRows<LessonRow>(lessons.data?.data),
    pending: units.isPending || subjects.isPending || lessons.isPending,
    failed: units.isError || subjects.isError || lessons.isError,
  };
}

/** Sort and delete through the generic calls, with the server's notice, then every list of the area refreshed. */
export function useContentActions() {
  const { t } = useTranslation('lesson');
  const area = useBackOfficeArea();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<GenericActionResponse>) => {
    setBusy(true);
    try {
      const answer = await run();
      const failure = actionFailure(answer);
      notifications.show(failure === null ? { color: 'green', message: answer.message } : { color: 'red', message: failure });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) ?? t('actionError') });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: areaKey(area) });
    }
  };
  return {
    busy,
    sort: (alias: string, id: number, index: number) => act(() => sortRecord(area, alias, id, index)),
    remove: (alias: string, id: number) => act(() => deleteRecord(area, alias, id)),
  };
}
