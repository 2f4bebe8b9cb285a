import { Alert, Center, Loader, Modal } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DashboardFilter, FormPayload } from '@lea/shared';
import { ServerForm } from '../../../forms';
import { fetchFilterForm } from '../api';
import type { DashboardKind } from './dashboard-data';
import { filterFromForm } from './filter-storage';

type Props = {
  courseId: number;
  kind: DashboardKind;
  filter: DashboardFilter;
  onApply: (filter: DashboardFilter) => void;
  onClose: () => void;
};

/** The server's filter form (tab `filter`), pre-filled with the current filter, rendered by ServerForm. */
export function FilterModal({ courseId, kind, filter, onApply, onClose }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const form = useQuery({
    queryKey: ['questionnaire', 'editor', courseId, kind.path, 'filter-form', filter],
    queryFn: () => fetchFilterForm(courseId, kind.path, filter),
    gcTime: 0,
  });
  const apply = (payload: FormPayload) => {
    const next = filterFromForm(payload[0]?.form ?? {}, kind.filterSchema);
    if (next) onApply(next);
  };
  return (
    <Modal opened onClose={onClose} title={t('dashboard.filterTitle')} size="lg">
      {form.data ? (
        <ServerForm model={form.data} onSubmit={apply} submitLabel={t('dashboard.applyFilter')} />
      ) : form.error ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {t('errors.load')}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
