import { eq } from 'drizzle-orm';
import {
  DEFAULT_PROFILE_TITLES,
  LOCALES,
  type Locale,
  type ProfileTitle,
  type ProfileTitleForm,
  type ProfileTitles,
  type TitledProfile,
} from '@lea/shared';
import type { DbOrTx } from '../db/client.js';
import { profileTitles } from '../db/schema/index.js';

/** The profiles that have titles, in the order the admin list shows them. */
export const TITLED_PROFILES: readonly TitledProfile[] = [1, 2, 3, 4, 'companyManager'];

/** A platform's titles per locale: its administrators' own where set, the defaults elsewhere. */
export type PlatformProfileTitles = Readonly<Record<Locale, ProfileTitles>>;
export type { ProfileTitles };

const isTitled = (value: string): value is `${Exclude<TitledProfile, number>}` | '1' | '2' | '3' | '4' =>
  ['1', '2', '3', '4', 'companyManager'].includes(value);

/**
 * The platform's profile titles (spec 3 §3 Profile title, decision 024), read from the database:
 * the rows its administrators saved over the defaults of packages/shared/src/profile-titles.ts.
 * Screens and builders use the cached `profileTitlesOf`; this one reads what a transaction sees.
 */
export async function platformProfileTitles(db: DbOrTx, platformId: number): Promise<PlatformProfileTitles> {
  const rows = await db.select().from(profileTitles).where(eq(profileTitles.platformId, platformId));
  const titles = Object.fromEntries(LOCALES.map((locale) => [locale, { ...DEFAULT_PROFILE_TITLES[locale] }])) as Record<
    Locale,
    Record<TitledProfile, ProfileTitle>
  >;
  for (const row of rows) {
    if (!isTitled(row.profile) || !(LOCALES as readonly string[]).includes(row.locale)) continue;
    const profile: TitledProfile = row.profile === 'companyManager' ? 'companyManager' : (Number(row.profile) as 1 | 2 | 3 | 4);
    titles[row.locale as Locale][profile] = {
      title: row.title,
      titleWithArticle: row.titleWithArticle,
      titlePlural: row.titlePlural,
      titleAbbreviation: row.titleAbbreviation,
    };
  }
  return titles;
}

/**
 * How long a process trusts the titles it read (decision 024). The table has no version column, so a
 * save in another server process shows here at most this long after; a save in this process shows at
 * once (`forgetProfileTitles`).
 */
export const PROFILE_TITLES_TTL_MS = 30_000;

type Cached = { titles: Promise<PlatformProfileTitles>; until: number };
/**
 * Per database (a test app, or the server's one), per platform. Keyed by the database object, so
 * that two apps of one process (the tests) never read each other's platforms.
 */
const caches = new WeakMap<object, Map<number, Cached>>();

function cacheOf(db: DbOrTx): Map<number, Cached> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/**
 * The platform's titles in both locales, as every server text that names a profile must use them
 * (PDFs, xlsx files, mails, history lines, the back-office forms and columns): cached for
 * PROFILE_TITLES_TTL_MS, one query per platform and process at most that often.
 */
export function profileTitlesOf(db: DbOrTx, platformId: number, now = Date.now()): Promise<PlatformProfileTitles> {
  const cache = cacheOf(db);
  const hit = cache.get(platformId);
  if (hit && hit.until > now) return hit.titles;
  const titles = platformProfileTitles(db, platformId);
  cache.set(platformId, { titles, until: now + PROFILE_TITLES_TTL_MS });
  // A failed read is not remembered: the next call asks again.
  titles.catch(() => {
    if (cache.get(platformId)?.titles === titles) cache.delete(platformId);
  });
  return titles;
}

/** Drops the cached titles of a platform: its administrators just saved theirs. */
export function forgetProfileTitles(db: DbOrTx, platformId: number): void {
  cacheOf(db).delete(platformId);
}

/**
 * The titles of a text that is not about one platform's people (a shared model file). Every text
 * that names a platform's people takes that platform's titles instead.
 */
export function defaultProfileTitles(locale: Locale): ProfileTitles {
  return DEFAULT_PROFILE_TITLES[locale];
}

/**
 * A profile's title in one form (`title` by default), from the platform's titles in the text's
 * locale. A number that is no profile (bad data) reads as itself rather than as a blank.
 */
export function titleOf(titles: ProfileTitles, profile: TitledProfile | number, form: ProfileTitleForm = 'title'): string {
  return profile === 'companyManager' || profile === 1 || profile === 2 || profile === 3 || profile === 4
    ? titles[profile][form]
    : String(profile);
}

/** The four triad profiles' titles by number, for tables and legends keyed by profile. */
export function titlesByNumber(titles: ProfileTitles, form: ProfileTitleForm = 'title'): Record<number, string> {
  return Object.fromEntries(([1, 2, 3, 4] as const).map((profile) => [profile, titleOf(titles, profile, form)]));
}
