/**
 * The titles of the triad profiles (spec 3 §3 "Profile title": title, titleWithArticle, titlePlural,
 * titleAbbreviation) and of the company manager, per locale. One source for every screen, PDF, xlsx
 * file and mail; these are the defaults, which the admin area's profile titles will override per
 * platform (hence `titles` as data, passed where a platform's own are known).
 */
import type { Locale, ProfileNumber } from './constants.js';

export type ProfileTitle = { title: string; titleWithArticle: string; titlePlural: string; titleAbbreviation: string };
export type ProfileTitleForm = keyof ProfileTitle;
/** The four triad profiles, and the company manager, an optional triad member without a profile number. */
export type TitledProfile = ProfileNumber | 'companyManager';
export type ProfileTitles = Readonly<Record<TitledProfile, ProfileTitle>>;

export const DEFAULT_PROFILE_TITLES: Readonly<Record<Locale, ProfileTitles>> = {
  fr: {
    1: { title: 'Apprenti', titleWithArticle: "l'apprenti", titlePlural: 'Apprentis', titleAbbreviation: 'A' },
    2: {
      title: 'Tuteur pédagogique',
      titleWithArticle: 'le tuteur pédagogique',
      titlePlural: 'Tuteurs pédagogiques',
      titleAbbreviation: 'T',
    },
    3: {
      title: "Maître d'apprentissage",
      titleWithArticle: "le maître d'apprentissage",
      titlePlural: "Maîtres d'apprentissage",
      titleAbbreviation: 'M',
    },
    4: {
      title: 'Responsable de formation',
      titleWithArticle: 'le responsable de formation',
      titlePlural: 'Responsables de formation',
      titleAbbreviation: 'SM',
    },
    companyManager: {
      title: "Chef d'entreprise",
      titleWithArticle: "le chef d'entreprise",
      titlePlural: "Chefs d'entreprise",
      titleAbbreviation: 'CL',
    },
  },
  en: {
    1: { title: 'Apprentice', titleWithArticle: 'the apprentice', titlePlural: 'Apprentices', titleAbbreviation: 'A' },
    2: { title: 'Pedagogic tutor', titleWithArticle: 'the pedagogic tutor', titlePlural: 'Pedagogic tutors', titleAbbreviation: 'T' },
    3: {
      title: 'Apprenticeship master',
      titleWithArticle: 'the apprenticeship master',
      titlePlural: 'Apprenticeship masters',
      titleAbbreviation: 'M',
    },
    4: {
      title: 'Training course manager',
      titleWithArticle: 'the training course manager',
      titlePlural: 'Training course managers',
      titleAbbreviation: 'SM',
    },
    companyManager: {
      title: 'Company manager',
      titleWithArticle: 'the company manager',
      titlePlural: 'Company managers',
      titleAbbreviation: 'CL',
    },
  },
};

const isTitled = (profile: number | string): profile is TitledProfile =>
  profile === 'companyManager' || profile === 1 || profile === 2 || profile === 3 || profile === 4;

/**
 * A profile's title in one form (`title` by default). A number that is no profile (bad data) reads
 * as itself rather than as a blank.
 */
export function profileTitle(
  profile: TitledProfile | number,
  locale: Locale,
  form: ProfileTitleForm = 'title',
  titles: ProfileTitles = DEFAULT_PROFILE_TITLES[locale],
): string {
  return isTitled(profile) ? titles[profile][form] : String(profile);
}

/** The four triad profiles' titles by number, for tables and legends keyed by profile. */
export function profileTitlesByNumber(locale: Locale, form: ProfileTitleForm = 'title', titles?: ProfileTitles): Record<number, string> {
  return Object.fromEntries(([1, 2, 3, 4] as const).map((profile) => [profile, profileTitle(profile, locale, form, titles)]));
}
