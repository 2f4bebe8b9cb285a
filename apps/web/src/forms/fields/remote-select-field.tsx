import { useEffect, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { REMOTE_SELECT_MAX_TAGS, REMOTE_SELECT_MIN_SEARCH, type FieldChoice } from '@lea/shared';
import { useFormServices } from '../form-services';
import { inputProps, listOf, type FieldViewProps } from './field-props';

const SEARCH_DELAY_MS = 300;

/** Keeps every choice seen so that picked values keep their labels after a new search. */
function mergeChoices(known: FieldChoice[], found: FieldChoice[]): FieldChoice[] {
  const byValue = new Map(known.map((choice) => [choice.value, choice]));
  for (const choice of found) byValue.set(choice.value, choice);
  return [...byValue.values()];
}

/**
 * Remote select: searches `{ajaxUrl}/{search}` once 2 characters are typed and holds up to 5 tags
 * (spec 1 §5.3, §9). The server filters, so the options are shown as answered.
 */
export function RemoteSelectField(props: FieldViewProps) {
  const { field, value, onChange } = props;
  const { t } = useTranslation('forms');
  const { fetchChoices } = useFormServices();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [choices, setChoices] = useState<FieldChoice[]>(field.choices ?? []);
  const [found, setFound] = useState<string[]>([]);
  const { ajaxUrl } = field.attributes;

  useEffect(() => {
    if (!fetchChoices || !ajaxUrl || debounced.length < REMOTE_SELECT_MIN_SEARCH) return;
    let current = true;
    fetchChoices(`${ajaxUrl}/${encodeURIComponent(debounced)}`).then(
      (answer) => {
        if (!current) return;
        setChoices((known) => mergeChoices(known, answer));
        setFound(answer.map((choice) => choice.value));
      },
      () => current && setFound([]),
    );
    return () => {
      current = false;
    };
  }, [ajaxUrl, debounced, fetchChoices]);

  const selected = listOf(value);
  const shown = search.trim().length >= REMOTE_SELECT_MIN_SEARCH ? new Set([...found, ...selected]) : new Set(selected);
  return (
    <MultiSelect
      {...inputProps(props)}
      data={choices.filter((choice) => shown.has(choice.value))}
      value={selected}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      maxValues={Math.min(field.attributes.maxTags ?? REMOTE_SELECT_MAX_TAGS, REMOTE_SELECT_MAX_TAGS)}
      nothingFoundMessage={
        search.trim().length < REMOTE_SELECT_MIN_SEARCH ? t('remoteSearchHint', { n: REMOTE_SELECT_MIN_SEARCH }) : t('nothingFound')
      }
    />
  );
}
