import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAIL_STATUSES } from '@lea/shared';
import type { MailFilters } from '../api';
import { FilterBar, FilterChoice } from './filter-fields';

/** The mail history's filters: status, kind, recipient and period. */
export function MailFilterBar({
  value,
  onChange,
  kinds,
}: {
  value: MailFilters;
  onChange: (filters: MailFilters) => void;
  kinds: { value: string; label: string }[];
}) {
  const { t } = useTranslation('history');
  return (
    <FilterBar value={value} onChange={onChange}>
      {(set, bind) => (
        <>
          <FilterChoice
            label={t('mail.status')}
            data={MAIL_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            {...bind('status')}
            w={{ base: '47%', sm: 180 }}
          />
          <FilterChoice label={t('mail.kind')} data={kinds} {...bind('kind')} w={{ base: '47%', sm: 200 }} />
          <TextInput
            label={t('mail.recipient')}
            value={value.recipient ?? ''}
            onChange={(event) => set({ recipient: event.currentTarget.value || undefined })}
            w={{ base: '100%', sm: 220 }}
          />
        </>
      )}
    </FilterBar>
  );
}
