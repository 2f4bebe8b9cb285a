import { profileTitlesByNumber, type Locale } from '@lea/shared';
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

/** The printed words of the questionnaire PDF in one locale, read once per document from the catalogue (texts/pdf.ts). */
function buildLabels(locale: Locale) {
  const t = translator(locale);
  return {
    ...(Object.fromEntries(WORDS.map((word) => [word, t(`pdf.${word}`)])) as Record<(typeof WORDS)[number], string>),
    profiles: profileTitlesByNumber(locale),
    abbreviations: profileTitlesByNumber(locale, 'titleAbbreviation'),
    yearValue: (year: number) => (year === 1 ? t('pdf.firstYear') : t('pdf.yearValue', { year })),
    page: (page: number, total: number) => t('pdf.page', { page, total }),
    generatedOn: (date: string) => t('pdf.generatedOn', { date }),
    notSet: '-',
    t,
  };
}

export type PdfLabels = ReturnType<typeof buildLabels>;

const LABELS: Record<Locale, PdfLabels> = { fr: buildLabels('fr'), en: buildLabels('en') };

export function labelsFor(locale: Locale): PdfLabels {
  return LABELS[locale];
}

export function profileLabel(labels: PdfLabels, profile: number): string {
  return labels.profiles[profile] ?? String(profile);
}

export function profileAbbreviation(labels: PdfLabels, profile: number): string {
  return labels.abbreviations[profile] ?? String(profile);
}
