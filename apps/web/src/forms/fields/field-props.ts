import type { FormField } from '@lea/shared';
import type { ServerFormController } from '../use-server-form';

/** What every field view receives from the form. */
export interface FieldViewProps {
  field: FormField;
  value: unknown;
  /** Message to show, already in the user's language. */
  error?: string;
  /** Valid and invalid styling appear once the field was left or typed in (spec 1 §5.1). */
  status?: 'valid' | 'invalid';
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** Date kinds: the minimum from the attributes and the date reference, wire format. */
  minimum: string | null;
  form: ServerFormController;
}

/** Props shared by Mantine's input components (label with asterisk, help, error, styling). */
export function inputProps({ field, error, status, onBlur }: FieldViewProps) {
  const { attributes } = field;
  return {
    id: field.id,
    name: field.name,
    label: field.label,
    description: field.help ?? undefined,
    placeholder: attributes.placeholder,
    withAsterisk: field.required,
    disabled: field.disabled,
    readOnly: attributes.readonly,
    error: attributes.hideError ? Boolean(error) : error,
    className: attributes.class,
    success: status === 'valid',
    'data-status': status,
    onBlur,
  };
}

export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function listOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}
