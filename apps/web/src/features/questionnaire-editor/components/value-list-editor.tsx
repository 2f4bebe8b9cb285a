import { ActionIcon, Button, Group, Input, NumberInput, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditorQuestion } from '@lea/shared';

type Entry = EditorQuestion['valueList'][number];

type Props = {
  label: string;
  values: Entry[];
  /** Marks are typed beside each option only when the item displays marks. */
  withMarks: boolean;
  /** The block's errors by path inside the block (`valueList`, `valueList.1.value`). */
  errors: Record<string, string>;
  prefix: string;
  translate: (message: string) => string;
  onChange: (values: Entry[]) => void;
  onAdd: () => void;
  onRemove: (position: number) => void;
};

/** The options of a choice field or the columns of a grid cluster, with their marks; at least one stays. */
export function ValueListEditor({ label, values, withMarks, errors, prefix, translate, onChange, onAdd, onRemove }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const set = (position: number, entry: Partial<Entry>) =>
    onChange(values.map((item, index) => (index === position ? { ...item, ...entry } : item)));
  const listError = errors[`${prefix}valueList`];
  return (
    <Input.Wrapper label={label} error={listError ? translate(listError) : undefined}>
      <Stack gap={6} mt={4}>
        {values.map((entry, position) => {
          const error = errors[`${prefix}valueList.${position}.value`];
          return (
            <Group key={position} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={t('block.optionLabel', { n: position + 1 })}
                value={entry.value}
                maxLength={500}
                error={error ? translate(error) : undefined}
                onChange={(event) => set(position, { value: event.currentTarget.value })}
                style={{ flex: 1, minWidth: 0 }}
              />
              {withMarks && (
                <NumberInput
                  aria-label={t('block.markOf', { n: position + 1 })}
                  placeholder={t('block.mark')}
                  value={entry.mark ?? ''}
                  min={-1000}
                  max={1000}
                  w={90}
                  onChange={(value) => set(position, { mark: typeof value === 'number' ? value : null })}
                />
              )}
              <Tooltip label={values.length <= 1 ? t('block.keepOneOption') : t('block.removeOption')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('block.removeOptionN', { n: position + 1 })}
                  disabled={values.length <= 1}
                  onClick={() => onRemove(position)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={onAdd} w="fit-content">
          {t('block.addOption')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
