import { useTranslation } from 'react-i18next';

/**
 * What an empty date input shows: the format to type ("jj/mm/aaaa", "dd/mm/yyyy"), never a sample
 * date, which reads as a value already given (issue 11 §9).
 */
export function useDateHints(): { date: string; dateTime: string } {
  const { t } = useTranslation('inputs');
  return { date: t('dateHint'), dateTime: t('dateTimeHint') };
}
