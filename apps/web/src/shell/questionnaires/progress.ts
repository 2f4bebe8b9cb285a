import type { QuestionnaireList } from '@lea/shared';
import { numberFormat } from '../intl-formats';

/** Signed replies over expected signatures; `percent` is null when nothing is expected. */
export type Progress = { signed: number; total: number; percent: number | null };

function ratio(signed: number, total: number): Progress {
  return { signed, total, percent: total === 0 ? null : (signed / total) * 100 };
}

/**
 * Spec 2 §2 progress bars over the questionnaires the user sees: the user's counts one signature per
 * questionnaire they sign; the triad's counts every signer profile present in the triad (the list
 * gives a status to present profiles only).
 */
export function computeProgress(list: QuestionnaireList): { user: Progress; triad: Progress } {
  let userSigned = 0;
  let userTotal = 0;
  let triadSigned = 0;
  let triadTotal = 0;
  for (const year of list.years) {
    for (const category of year.categories) {
      for (const item of category.questionnaires) {
        if (item.userProfile !== null && item.signedBy.includes(item.userProfile)) {
          userTotal += 1;
          if (item.userHasSigned) userSigned += 1;
        }
        for (const profile of item.signedBy) {
          const status = item.profileStatus[String(profile)];
          if (!status) continue;
          triadTotal += 1;
          if (status.hasSigned) triadSigned += 1;
        }
      }
    }
  }
  return { user: ratio(userSigned, userTotal), triad: ratio(triadSigned, triadTotal) };
}

/** 33.333… → "33,3 %" in French, "33.3%" in English: one decimal, as the spec asks. */
export function formatPercent(percent: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(percent / 100);
}
