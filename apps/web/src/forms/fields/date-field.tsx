import { DateInput, DateTimePicker, TimePicker } from '@mantine/dates';
import { DEFAULT_TIME, DISPLAY_DATE_FORMAT, DISPLAY_DATETIME_FORMAT, normalizeDateValue, parseDisplayDate } from '../dates';
import { useDateHints } from '../date-hints';
import { inputProps, type FieldViewProps } from './field-props';

/** Date, date-time and time pickers: day/month/year, 24 h, default hour 8, minute step (spec 1 §9). */
export function DateField(props: FieldViewProps) {
  const { field, value, onChange, minimum } = props;
  const hints = useDateHints();
  const common = inputProps(props);
  const text = typeof value === 'string' ? value : null;
  const minutesStep = field.attributes.minuteIncrement ?? 1;
  const maximum = field.kind === 'time' ? null : normalizeDateValue(field.kind === 'date' ? 'date' : 'datetime', field.attributes.maxDate);
  switch (field.kind) {
    case 'time':
      return (
        <TimePicker
          {...common}
          value={text ?? ''}
          onChange={(time) => onChange(normalizeDateValue('time', time))}
          format="24h"
          minutesStep={minutesStep}
          min={minimum ?? undefined}
          withDropdown
          clearable={!field.required}
        />
      );
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          value={text}
          onChange={(date) => onChange(normalizeDateValue('datetime', date))}
          valueFormat={DISPLAY_DATETIME_FORMAT}
          placeholder={common.placeholder ?? hints.dateTime}
          defaultTimeValue={DEFAULT_TIME}
          timePickerProps={{ format: '24h', minutesStep }}
          minDate={minimum?.slice(0, 10)}
          maxDate={maximum?.slice(0, 10)}
          clearable={!field.required}
        />
      );
    default:
      return (
        <DateInput
          {...common}
          value={text}
          onChange={(date) => onChange(normalizeDateValue('date', date))}
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseDisplayDate}
          placeholder={common.placeholder ?? hints.date}
          minDate={minimum ?? undefined}
          maxDate={maximum ?? undefined}
          clearable={!field.required}
        />
      );
  }
}
