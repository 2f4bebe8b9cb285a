import { useTranslation } from 'react-i18next';
import { profileTitle, type Locale, type ProfileNumber, type ProfileTitleForm, type TitledProfile, type UserType } from '@lea/shared';

/** The app's language as a catalogue locale: English when i18next speaks any English, else French. */
export const localeOf = (language: string | undefined): Locale => (language?.startsWith('en') ? 'en' : 'fr');

/** The profile a user's type stands for (spec 1 §3.1 user types), to name it by its title. */
export const USER_TYPE_PROFILE: Readonly<Record<UserType, ProfileNumber>> = {
  apprentice: 1,
  tutor: 2,
  apprentice_master: 3,
  lea_manager: 4,
};

/**
 * A profile's title in the current language, from the shared profile titles (issue 11 §8): every
 * screen names the profiles and the company manager the way the PDFs, xlsx files and mails do.
 */
export function useProfileTitle(): (profile: TitledProfile | number, form?: ProfileTitleForm) => string {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (profile, form = 'title') => profileTitle(profile, locale, form);
}
