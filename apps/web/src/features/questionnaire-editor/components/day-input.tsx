import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DISPLAY_DATE_FORMAT, normalizeDateValue, parseDisplayDate } from '../../../forms/dates';

type Props = {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  required?: boolean;
  minDate?: string | null;
};

/** A calendar day on the wire as `YYYY-MM-DD`, shown and typed as dd/mm/yyyy. */
export function DayInput({ label, value, onChange, error, required, minDate }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  return (
    <DateInput
      label={label}
      value={value}
      onChange={(date) => onChange(normalizeDateValue('date', date))}
      valueFormat={DISPLAY_DATE_FORMAT}
      dateParser={parseDisplayDate}
      placeholder={t('settings.datePlaceholder')}
      withAsterisk={required}
      error={error}
      minDate={minDate ?? undefined}
      clearable
      style={{ flex: '1 1 150px' }}
    />
  );
}
