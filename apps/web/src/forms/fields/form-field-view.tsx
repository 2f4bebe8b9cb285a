import { Box } from '@mantine/core';
import type { FormField, FormTab } from '@lea/shared';
import { isDateKind } from '../dates';
import { dateMinimum } from '../form-state';
import { useTranslateMessage } from '../messages';
import type { ServerFormController } from '../use-server-form';
import { ChoiceField } from './choice-field';
import { DateField } from './date-field';
import type { FieldViewProps } from './field-props';
import { FileField } from './file-field';
import { RemoteSelectField } from './remote-select-field';
import { RichTextField } from './rich-text-field';
import { TextField } from './text-field';
import { TranslatableField } from './translatable-field';

/** DOM id of the block around a field: the form scrolls to it when the field is in error. */
export function fieldBlockId(field: FormField): string {
  return `field-${field.id}`;
}

function FieldByKind(props: FieldViewProps) {
  switch (props.field.kind) {
    case 'select':
    case 'multiselect':
    case 'radio':
    case 'checkbox':
    case 'checkboxgroup':
      return <ChoiceField {...props} />;
    case 'remoteselect':
      return <RemoteSelectField {...props} />;
    case 'date':
    case 'datetime':
    case 'time':
      return <DateField {...props} />;
    case 'file':
      return <FileField {...props} />;
    case 'translatable':
      return <TranslatableField {...props} />;
    case 'editor':
      return <RichTextField {...props} />;
    default:
      return <TextField {...props} />;
  }
}

/** One field of the model, with its current value, message and styling; nothing when hidden. */
export function FormFieldView({ form, tab, field }: { form: ServerFormController; tab: FormTab; field: FormField }) {
  const translate = useTranslateMessage();
  if (field.kind === 'hidden' || form.visibility.hiddenFields.has(field.id)) return null;
  const message = form.displayedError(field.id);
  const status = message !== undefined ? 'invalid' : form.isTouched(field.id) ? 'valid' : undefined;
  const props: FieldViewProps = {
    field,
    value: form.values[field.id],
    error: message === undefined ? undefined : translate(message),
    status,
    onChange: (value) => form.setValue(field.id, value),
    onBlur: () => form.touch([field.id]),
    minimum: isDateKind(field.kind) ? dateMinimum(form.model, tab, field, form.values) : null,
    form,
  };
  return (
    <Box id={fieldBlockId(field)} data-field={field.name} data-status={status}>
      <FieldByKind {...props} />
    </Box>
  );
}
