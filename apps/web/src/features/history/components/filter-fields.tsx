import type { ReactNode } from 'react';
import { Button, Group, Select, TextInput, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The period every history list filters on: ISO dates, either bound may be open. */
type Period = { from?: string | undefined; to?: string | undefined };

type Bound<V> = { value: V; onChange: (value: V) => void };

type BarProps<F extends Period> = {
  value: F;
  onChange: (filters: F) => void;
  /**
   * The list's own filters, before the period: `set` merges a change into the current filters,
   * `bind` gives a choice its filter's value and change.
   */
  children: (set: (patch: Partial<F>) => void, bind: <K extends keyof F>(key: K) => Bound<F[K]>) => ReactNode;
};

/** A history list's filter bar: its own filters, then the period (from, to) and the reset of every filter. */
export function FilterBar<F extends Period>({ value, onChange, children }: BarProps<F>) {
  const { t } = useTranslation('history');
  const set = (patch: Partial<F>) => onChange({ ...value, ...patch });
  const bind = <K extends keyof F>(key: K): Bound<F[K]> => ({
    value: value[key],
    onChange: (next) => {
      const patch: Partial<F> = {};
      patch[key] = next;
      set(patch);
    },
  });
  return (
    <Group align="end" gap="sm" wrap="wrap">
      {children(set, bind)}
      {(['from', 'to'] as const).map((bound) => (
        <TextInput
          key={bound}
          type="date"
          label={t(`filters.${bound}`)}
          value={value[bound] ?? ''}
          onChange={(event) => set({ [bound]: event.currentTarget.value || undefined } as Partial<F>)}
          w={{ base: '47%', sm: 160 }}
        />
      ))}
      <Button variant="subtle" onClick={() => onChange({} as F)}>
        {t('filters.reset')}
      </Button>
    </Group>
  );
}

type ChoiceProps<V extends string> = Omit<SelectProps, 'value' | 'onChange' | 'clearable'> & {
  /** "All" unless told. */
  placeholder?: string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
};

/** A clearable choice of a filter bar: no choice is `undefined`, i.e. no filter. */
export function FilterChoice<V extends string>({ value, onChange, placeholder, ...props }: ChoiceProps<V>) {
  const { t } = useTranslation('history');
  return (
    <Select
      clearable
      placeholder={placeholder ?? t('filters.all')}
      {...props}
      value={value ?? null}
      onChange={(choice) => onChange((choice ?? undefined) as V | undefined)}
    />
  );
}
