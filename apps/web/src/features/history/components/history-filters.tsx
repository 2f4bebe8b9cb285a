import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { HistoryType } from '@lea/shared';
import { useHistoryPeople, type HistoryFilters } from '../api';
import { FilterBar, FilterChoice } from './filter-fields';

type Props = {
  value: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
  types: readonly HistoryType[];
  /** The admin history filters on a person of the platform, found by name. */
  withPerson?: boolean;
};

/** The history's filters: person, type and period (days). */
export function HistoryFilterBar({ value, onChange, types, withPerson = false }: Props) {
  const { t } = useTranslation('history');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const people = useHistoryPeople(withPerson ? debounced : '');
  const personData = (people.data?.people ?? []).map((person) => ({ value: String(person.id), label: person.fullName }));
  return (
    <FilterBar value={value} onChange={onChange}>
      {(set, bind) => (
        <>
          {withPerson && (
            <Select
              label={t('filters.person')}
              placeholder={t('filters.personPlaceholder')}
              searchable
              clearable
              data={personData}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={debounced.length >= 2 ? t('filters.nobody') : t('filters.typeTwo')}
              value={value.user === undefined ? null : String(value.user)}
              onChange={(user) => set({ user: user === null ? undefined : Number(user) })}
              w={{ base: '100%', sm: 240 }}
            />
          )}
          <FilterChoice
            label={t('filters.type')}
            placeholder={t('filters.allTypes')}
            data={types.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            {...bind('type')}
            w={{ base: '100%', sm: 240 }}
          />
        </>
      )}
    </FilterBar>
  );
}
