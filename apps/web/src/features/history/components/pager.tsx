import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HISTORY_PAGE_SIZES } from '@lea/shared';
import type { Paging } from '../api';

/** Page and page size of a history list, with the filtered count. */
export function Pager({ paging, count, onChange }: { paging: Paging; count: number; onChange: (paging: Paging) => void }) {
  const { t } = useTranslation('history');
  const pages = Math.max(1, Math.ceil(count / paging.limit));
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('count', { count })}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Pagination
          total={pages}
          value={Math.floor(paging.offset / paging.limit) + 1}
          onChange={(page) => onChange({ ...paging, offset: (page - 1) * paging.limit })}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
        />
        <Select
          aria-label={t('pager.size')}
          data={HISTORY_PAGE_SIZES.map((size) => String(size))}
          value={String(paging.limit)}
          onChange={(size) => size && onChange({ limit: Number(size), offset: 0 })}
          w={80}
          size="xs"
          allowDeselect={false}
        />
      </Group>
    </Group>
  );
}
