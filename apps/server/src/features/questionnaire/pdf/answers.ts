import { type Answer, type AnswerValue, CHOICE_FIELD_TYPES, FIELD_TYPE, type QuestionItem } from '@lea/shared';
import { formatDate, formatDateTime, formatNumber, plainText } from './pdf-text.js';

/** Every answer of an item the view carries, by writer profile (the caller's own first). */
export function answersByProfile(item: QuestionItem): Map<number, Answer> {
  const byProfile = new Map<number, Answer>();
  for (const answer of [item.userAnswer, ...item.answers]) {
    if (answer && !byProfile.has(answer.writerProfile)) byProfile.set(answer.writerProfile, answer);
  }
  return byProfile;
}

/** The profiles that answer an item: its access list, plus any writer the view shows beyond it. */
export function profilesOf(item: QuestionItem): number[] {
  const profiles = new Set(item.access);
  for (const profile of answersByProfile(item).keys()) profiles.add(profile);
  return [...profiles].sort((a, b) => a - b);
}

/** The profiles answering any row of a cluster (rows carry their own access lists). */
export function clusterProfiles(cluster: QuestionItem): number[] {
  const profiles = new Set<number>(cluster.questions.length === 0 ? cluster.access : []);
  for (const row of cluster.questions) for (const profile of profilesOf(row)) profiles.add(profile);
  return [...profiles].sort((a, b) => a - b);
}

export function isEmptyValue(value: AnswerValue): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The values chosen in a choice answer (one for dropdown and unique choice, several for multiple). */
export function chosenValues(value: AnswerValue): string[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value !== '') return [value];
  if (typeof value === 'number') return [String(value)];
  return [];
}

/** An answer as printed text, by field type: dates dd/mm/yyyy, rich text as paragraphs, files by name. */
export function formatValue(type: number, value: AnswerValue, locale: 'fr' | 'en'): string {
  if (value === null) return '';
  if (typeof value === 'object' && !Array.isArray(value)) return value.originalName;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return formatNumber(value, locale);
  switch (type) {
    case FIELD_TYPE.longText:
      return plainText(value);
    case FIELD_TYPE.number: {
      const number = Number(value.replace(',', '.'));
      return value.trim() !== '' && Number.isFinite(number) ? formatNumber(number, locale) : value;
    }
    case FIELD_TYPE.date:
      return formatDate(value);
    case FIELD_TYPE.dateTime:
      return formatDateTime(value);
    default:
      return value;
  }
}

export const isChoice = (item: QuestionItem) => CHOICE_FIELD_TYPES.includes(item.type);
