import { Checkbox, Group, MultiSelect, Radio, Select, Stack, TagsInput } from '@mantine/core';
import { inputProps, listOf, type FieldViewProps } from './field-props';

/** Choice kinds: select, multiselect (tags), radio, checkbox, checkbox group. */
export function ChoiceField(props: FieldViewProps) {
  const { field, value, onChange, onBlur } = props;
  const common = inputProps(props);
  const data = field.choices ?? [];
  switch (field.kind) {
    case 'select':
      return (
        <Select
          {...common}
          data={data}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          clearable={!field.required}
          searchable
        />
      );
    case 'multiselect':
      return field.attributes.taggable ? (
        <TagsInput {...common} data={data.map((choice) => choice.label)} value={listOf(value)} onChange={onChange} />
      ) : (
        <MultiSelect {...common} data={data} value={listOf(value)} onChange={onChange} searchable />
      );
    case 'radio':
      return (
        <Radio.Group {...groupProps(props)} value={typeof value === 'string' ? value : null} onChange={onChange}>
          <Group mt="xs">
            {data.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} disabled={field.disabled} onBlur={onBlur} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'checkboxgroup':
      return (
        <Checkbox.Group {...groupProps(props)} value={listOf(value)} onChange={onChange}>
          <Stack mt="xs" gap="xs">
            {data.map((choice) => (
              <Checkbox key={choice.value} value={choice.value} label={choice.label} disabled={field.disabled} onBlur={onBlur} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    default:
      return (
        <Checkbox
          id={field.id}
          name={field.name}
          label={field.required ? `${field.label} *` : field.label}
          description={field.help ?? undefined}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onBlur={onBlur}
          disabled={field.disabled || field.attributes.readonly}
          error={common.error}
          className={common.className}
        />
      );
  }
}

/** Groups take the wrapper's props only (no input element of their own). */
function groupProps(props: FieldViewProps) {
  const { id, label, description, withAsterisk, error, className } = inputProps(props);
  return { id, label, description, withAsterisk, error, className, readOnly: props.field.attributes.readonly };
}
