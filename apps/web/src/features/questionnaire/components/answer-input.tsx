import { Checkbox, Group, NumberInput, Radio, Select, Stack, TextInput } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE, type AnswerValue, type QuestionItem } from '@lea/shared';
import { ReadOnlyBox, RichTextEditor, useDateHints } from '../../../forms';
import { DEFAULT_TIME, DISPLAY_DATE_FORMAT, DISPLAY_DATETIME_FORMAT, normalizeDateValue, parseDisplayDate } from '../../../forms/dates';
import { AnswerValueText } from './answer-value';
import { FileAnswerInput } from './file-answer-input';

export type AnswerInputProps = {
  item: QuestionItem;
  /** The choices of a row come from its cluster when the row has none of its own. */
  choices?: readonly string[];
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
  error?: string;
  disabled: boolean;
  label: string;
  /** In a table the row title labels the control for screen readers only. */
  hideLabel?: boolean;
  description?: string;
  id: string;
  trackUpload: <T>(upload: Promise<T>) => Promise<T>;
  onUploadError: (message: string | null) => void;
};

const asText = (value: AnswerValue): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * One control per field type code of spec 1 §3.5; an answer the user may no longer change (signed,
 * another profile's field, closed) is shown as read-only text, not as a disabled control.
 */
export function AnswerInput(props: AnswerInputProps) {
  const { item, value, onChange, error, disabled, label, hideLabel, description, id } = props;
  const { i18n, t } = useTranslation('questionnaire');
  const hints = useDateHints();
  if (disabled) {
    return (
      <ReadOnlyBox id={id} label={hideLabel ? undefined : label} ariaLabel={label} description={description}>
        <AnswerValueText type={item.type} value={value} />
      </ReadOnlyBox>
    );
  }
  const monthNavigation = {
    previousLabel: t('datePicker.previousMonth'),
    nextLabel: t('datePicker.nextMonth'),
  };
  const choices = item.valueList.length > 0 ? item.valueList.map((entry) => entry.value) : (props.choices ?? []);
  const common = {
    id,
    label: hideLabel ? undefined : label,
    'aria-label': hideLabel ? label : undefined,
    description,
    error,
    disabled,
    withAsterisk: item.required && !hideLabel,
  };
  switch (item.type) {
    case FIELD_TYPE.longText:
      return (
        <RichTextEditor
          id={id}
          label={hideLabel ? undefined : label}
          ariaLabel={label}
          description={description}
          error={error}
          required={item.required && !hideLabel}
          value={asText(value)}
          onChange={onChange}
          variant="simple"
        />
      );
    case FIELD_TYPE.dropdown:
      return (
        <Select
          {...common}
          data={choices}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(next) => onChange(next)}
          clearable={!item.required}
          allowDeselect={!item.required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case FIELD_TYPE.uniqueChoice:
      return (
        <Radio.Group {...common} value={typeof value === 'string' ? value : ''} onChange={(next) => onChange(next)}>
          <Group gap="md" mt={6}>
            {choices.map((choice) => (
              <Radio key={choice} value={choice} label={choice} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      );
    case FIELD_TYPE.multipleChoice:
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={(next) => onChange(next)}>
          <Stack gap={6} mt={6}>
            {choices.map((choice) => (
              <Checkbox key={choice} value={choice} label={choice} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case FIELD_TYPE.number:
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next === '' ? null : next)}
          decimalSeparator={i18n.language.startsWith('en') ? '.' : ','}
          hideControls
          inputMode="decimal"
          placeholder="25"
        />
      );
    case FIELD_TYPE.file:
      return <FileAnswerInput {...props} />;
    case FIELD_TYPE.date:
      return (
        <DateInput
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(normalizeDateValue('date', next))}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseDisplayDate}
          placeholder={hints.date}
          clearable={!item.required}
          {...monthNavigation}
        />
      );
    case FIELD_TYPE.dateTime:
      return (
        <DateTimePicker
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(normalizeDateValue('datetime', next))}
          valueFormat={DISPLAY_DATETIME_FORMAT}
          defaultTimeValue={DEFAULT_TIME}
          timePickerProps={{ format: '24h' }}
          placeholder={hints.dateTime}
          clearable={!item.required}
          {...monthNavigation}
          submitButtonProps={{ 'aria-label': t('datePicker.confirmDateTime') }}
        />
      );
    default:
      return <TextInput {...common} value={asText(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}
