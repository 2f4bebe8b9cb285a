import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = { 10: 'red', 11: 'blue', 12: 'orange', 13: 'green', 14: 'grape' };

/** A news item's tag (spec 3 §3: 10 Bug, 11 News, 12 Maintenance, 13 New feature, 14 Tutorial). */
export function NewsTag({ tag }: { tag: number }) {
  const { t } = useTranslation('news');
  return (
    <Badge color={COLORS[tag] ?? 'gray'} variant="light">
      {t(`tag.${tag}`, { defaultValue: t('tag.11') })}
    </Badge>
  );
}

/** A news day in the reader's language. */
export function useNewsDay() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { dateStyle: 'long', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}
