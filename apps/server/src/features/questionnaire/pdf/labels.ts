import type { Locale } from '@lea/shared';
import { titlesByNumber, type ProfileTitles } from '../../../services/profile-titles.js';
import { translator } from '../../../texts/index.js';

const WORDS = [
  'filledBooklet',
  'blankModel',
  'trainingCourse',
  'crew',
  'year',
  'category',
  'noAnswer',
  'file',
  'comment',
  'mark',
  'totalMark',
  'question',
  'signatures',
  'signedElectronically',
  'signedOn',
  'onBehalf',
  'digest',
  'notSigned',
  'name',
  'date',
  'signature',
] as const;

/**
 * The printed words of the questionnaire PDF in one locale, read once per document from the
 * catalogue (texts/pdf.ts), with the platform's profile titles in that locale (decision 024).
 */
export function labelsFor(locale: Locale, titles: ProfileTitles) {
  const t = translator(locale);
  return {
    ...(Object.fromEntries(WORDS.map((word) => [word, t(`pdf.${word}`)])) as Record<(typeof WORDS)[number], string>),
    profiles: titlesByNumber(titles),
    abbreviations: titlesByNumber(titles, 'titleAbbreviation'),
    yearValue: (year: number) => (year === 1 ? t('pdf.firstYear') : t('pdf.yearValue', { year })),
    page: (page: number, total: number) => t('pdf.page', { page, total }),
    signedOnPaper: (date: string) => t('pdf.signedOnPaper', { date }),
    paperRecordedBy: (name: string, date: string) => t('pdf.paperRecordedBy', { name, date }),
    generatedOn: (date: string) => t('pdf.generatedOn', { date }),
    notSet: '-',
    t,
  };
}

export type PdfLabels = ReturnType<typeof labelsFor>;

export function profileLabel(labels: PdfLabels, profile: number): string {
  return labels.profiles[profile] ?? String(profile);
}

export function profileAbbreviation(labels: PdfLabels, profile: number): string {
  return labels.abbreviations[profile] ?? String(profile);
}
