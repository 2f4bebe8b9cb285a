import { ColorInput, PasswordInput, Textarea, TextInput } from '@mantine/core';
import { DEFAULT_COLOR } from '@lea/shared';
import { inputProps, textOf, type FieldViewProps } from './field-props';

/** Text-like kinds: one input, the value is the typed text. */
export function TextField(props: FieldViewProps) {
  const { field, value, onChange } = props;
  const common = inputProps(props);
  const text = textOf(value);
  const onText = (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value);
  switch (field.kind) {
    case 'password':
      return <PasswordInput {...common} value={text} onChange={onText} autoComplete="new-password" />;
    case 'textarea':
      return <Textarea {...common} value={text} onChange={onText} autosize minRows={3} />;
    case 'color':
      return <ColorInput {...common} value={text} onChange={onChange} placeholder={common.placeholder ?? DEFAULT_COLOR} />;
    default:
      return (
        <TextInput
          {...common}
          value={text}
          onChange={onText}
          type={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text'}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
        />
      );
  }
}
