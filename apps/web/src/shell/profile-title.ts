import { useContext } from 'react';
import { QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  profileTitle,
  ProfileTitlesResponse,
  type Locale,
  type ProfileNumber,
  type ProfileTitleForm,
  type TitledProfile,
  type UserType,
} from '@lea/shared';
import { apiRequest } from './api-client';

/** The app's language as a catalogue locale: English when i18next speaks any English, else French. */
export const localeOf = (language: string | undefined): Locale => (language?.startsWith('en') ? 'en' : 'fr');

/** The profile a user's type stands for (spec 1 §3.1 user types), to name it by its title. */
export const USER_TYPE_PROFILE: Readonly<Record<UserType, ProfileNumber>> = {
  apprentice: 1,
  tutor: 2,
  apprentice_master: 3,
  lea_manager: 4,
};

export const profileTitlesKey = (locale: Locale) => ['platform', 'profile-titles', locale] as const;
const profileTitlesQuery = (locale: Locale) => ({
  queryKey: profileTitlesKey(locale),
  queryFn: () => apiRequest('/app/profile-titles', { schema: ProfileTitlesResponse, auth: false }),
  staleTime: 60_000,
  meta: { errorPage: false },
});
/** Outside a query provider (a component test), the defaults: this client never fetches. */
const idleClient = new QueryClient();

/** Loads the platform's profile titles (GET /app/profile-titles) for the whole app: the shell calls it once. */
export function useLoadProfileTitles(): void {
  const { i18n } = useTranslation();
  useQuery(profileTitlesQuery(localeOf(i18n.language)));
}

/**
 * A profile's title in the current language (issue 11 §8): the platform's own titles, which its
 * administrators edit and the shell loads (useLoadProfileTitles), else the shared defaults. It only
 * reads them: a screen naming profiles makes no call of its own. Every screen names the profiles
 * and the company manager the way the PDFs, xlsx files and mails do.
 */
export function useProfileTitle(): (profile: TitledProfile | number, form?: ProfileTitleForm) => string {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const client = useContext(QueryClientContext);
  const { data } = useQuery({ ...profileTitlesQuery(locale), enabled: false }, client ?? idleClient);
  return (profile, form = 'title') => profileTitle(profile, locale, form, data);
}
