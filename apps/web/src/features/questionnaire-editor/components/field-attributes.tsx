import { Group, NumberInput, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EDITOR_FIELD_TYPES } from '@lea/shared';
import { hasValueList, type Block, type BlockRow, type RowPatch } from '../editor/blocks';
import type { BlockContext } from './block-actions';
import { ProfileChecks } from './profile-checks';
import { ValueListEditor } from './value-list-editor';

type Props = BlockContext & {
  item: Block | BlockRow;
  /** The path of the item inside its block: '' for the block, `questions.{i}.` for a row. */
  prefix: string;
  /** A row: its access may stay empty (it inherits its cluster's), no tip nor comments. */
  row?: boolean;
  /** A grid row: answered with the cluster's columns, so no type nor options of its own. */
  gridRow?: boolean;
  onPatch: (patch: RowPatch) => void;
  onAddOption: () => void;
  onRemoveOption: (position: number) => void;
};

/** The attributes of a field (spec 3 §3 Question): title, type, access, required, tip, comments, options and marks. */
export function FieldAttributes({
  item,
  prefix,
  row = false,
  gridRow = false,
  errors,
  profiles,
  translate,
  signed,
  onPatch,
  onAddOption,
  onRemoveOption,
}: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const error = (field: string) => {
    const message = errors[`${prefix}${field}`];
    return message ? translate(message) : undefined;
  };
  const choices = hasValueList(item) && !gridRow;
  return (
    <Stack gap="sm">
      <Textarea
        label={row ? t('block.rowTitle') : t('block.question')}
        withAsterisk={!row}
        autosize
        minRows={1}
        value={item.title}
        maxLength={5000}
        error={error('title')}
        onChange={(event) => onPatch({ title: event.currentTarget.value })}
      />
      {!gridRow && (
        <Select
          label={t('block.type')}
          data={EDITOR_FIELD_TYPES.map((type) => ({ value: String(type), label: t(`types.${type}`) }))}
          value={String(item.type)}
          allowDeselect={false}
          error={error('type')}
          description={signed && item.id ? t('block.signedTypeHint') : undefined}
          onChange={(value) => value !== null && onPatch({ type: Number(value) })}
        />
      )}
      <ProfileChecks
        label={t('block.access')}
        description={row ? t('block.rowAccessHelp') : undefined}
        required={!row}
        profiles={profiles}
        value={item.access}
        error={error('access')}
        onChange={(access) => onPatch({ access })}
      />
      <Switch
        label={t('block.required')}
        checked={item.required}
        onChange={(event) => onPatch({ required: event.currentTarget.checked })}
      />
      {!row && (
        <>
          <Switch
            label={t('block.tipActive')}
            checked={item.tipActive}
            onChange={(event) => onPatch({ tipActive: event.currentTarget.checked })}
          />
          {item.tipActive && (
            <Textarea
              label={t('block.tip')}
              autosize
              minRows={1}
              value={item.tip ?? ''}
              maxLength={5000}
              onChange={(event) => onPatch({ tip: event.currentTarget.value })}
            />
          )}
          <Switch
            label={t('block.comments')}
            checked={item.comments}
            onChange={(event) => onPatch({ comments: event.currentTarget.checked })}
          />
          {item.comments && (
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label={t('block.commentsLabel')}
                value={item.commentsLabel ?? ''}
                maxLength={255}
                onChange={(event) => onPatch({ commentsLabel: event.currentTarget.value })}
                style={{ flex: '1 1 180px' }}
              />
              <SegmentedControl
                aria-label={t('block.commentsType')}
                value={String(item.commentsType)}
                onChange={(value) => onPatch({ commentsType: Number(value) })}
                data={[
                  { value: '1', label: t('block.oneLine') },
                  { value: '2', label: t('block.multiLine') },
                ]}
              />
            </Group>
          )}
        </>
      )}
      {choices && (
        <>
          <ValueListEditor
            label={t('block.options')}
            values={item.valueList}
            withMarks={item.displayMark}
            errors={errors}
            prefix={prefix}
            translate={translate}
            onChange={(valueList) => onPatch({ valueList })}
            onAdd={onAddOption}
            onRemove={onRemoveOption}
          />
          <MarkSwitches item={item} onPatch={onPatch} />
        </>
      )}
    </Stack>
  );
}

/** displayMark (off clears the marks, spec 3 §4), the maximal mark and the radar. */
export function MarkSwitches({ item, onPatch }: { item: Block | BlockRow; onPatch: (patch: RowPatch) => void }) {
  const { t } = useTranslation('questionnaire-editor');
  return (
    <Stack gap="xs">
      <Switch
        label={t('block.displayMark')}
        checked={item.displayMark}
        onChange={(event) => onPatch({ displayMark: event.currentTarget.checked })}
      />
      {item.displayMark && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NumberInput
            label={t('block.maximalMark')}
            value={item.maximalMark ?? ''}
            min={0}
            max={100000}
            w={160}
            onChange={(value) => onPatch({ maximalMark: typeof value === 'number' ? value : null })}
          />
          <Switch
            label={t('block.displayRadar')}
            checked={item.displayRadar}
            onChange={(event) => onPatch({ displayRadar: event.currentTarget.checked })}
          />
        </Group>
      )}
      {!item.displayMark && (
        <Text size="xs" c="dimmed">
          {t('block.marksOffHelp')}
        </Text>
      )}
    </Stack>
  );
}
