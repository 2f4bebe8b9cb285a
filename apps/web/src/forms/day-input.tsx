import { DateInput } from '@mantine/dates';
import { DISPLAY_DATE_FORMAT, normalizeDateValue, parseDisplayDate } from './dates';

type Props = {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The typed form, in the reader's language ("jj/mm/aaaa", "dd/mm/yyyy"). */
  placeholder: string;
  error?: string | undefined;
  required?: boolean;
  minDate?: string | null;
  clearable?: boolean;
};

/** A calendar day on the wire as `YYYY-MM-DD`, shown and typed as dd/mm/yyyy. */
export function DayInput({ label, value, onChange, placeholder, error, required, minDate, clearable = true }: Props) {
  return (
    <DateInput
      label={label}
      value={value}
      onChange={(date) => onChange(normalizeDateValue('date', date))}
      valueFormat={DISPLAY_DATE_FORMAT}
      dateParser={parseDisplayDate}
      placeholder={placeholder}
      withAsterisk={required}
      error={error}
      minDate={minDate ?? undefined}
      clearable={clearable}
      style={{ flex: '1 1 150px' }}
    />
  );
}
