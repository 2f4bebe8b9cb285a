import type { Locale, QualiopiContract, QualiopiRow } from '@lea/shared';
import { text } from '../../texts/index.js';
import { formatDate } from '../questionnaire/pdf/pdf-text.js';

/** The texts of a report row's lists, as the workbook's cells and the PDF's tables print them. */

/** `Apprentissage – Garage Martin – 01/09/2025 → 31/08/2027 (Rupture le 15/01/2026)`. */
export function contractText(contract: QualiopiContract, locale: Locale): string {
  const dates = `${formatDate(contract.startDate)} → ${contract.endDate === null ? '…' : formatDate(contract.endDate)}`;
  const rupture =
    contract.ruptureDate === null ? null : `(${text(locale, 'qualiopi.rupture', { date: formatDate(contract.ruptureDate) })})`;
  return (
    [contract.type, contract.company, dates].filter((part) => part !== null && part !== '').join(' – ') + (rupture ? ` ${rupture}` : '')
  );
}

/** `12/11/2025 (Visite en entreprise), 03/03/2026 (…)`. */
export function visitsText(row: Pick<QualiopiRow, 'visits'>): string {
  return row.visits.map((visit) => `${formatDate(visit.date)} (${visit.questionnaire})`).join(', ');
}

/** `1 sur 2 : Semestre 1 (12 compétences)`. */
export function skillsText(row: Pick<QualiopiRow, 'skillSessions'>, locale: Locale): string {
  const { evaluated, inPeriod } = row.skillSessions;
  const count = text(locale, 'qualiopi.skillsOf', { evaluated: evaluated.length, total: inPeriod });
  if (evaluated.length === 0) return count;
  const names = evaluated.map((session) => text(locale, 'qualiopi.skillSessionValue', { name: session.name, count: session.skills }));
  return text(locale, 'qualiopi.skillsWithSessions', { count, sessions: names.join(', ') });
}
