import { useTranslation } from 'react-i18next';
import { profileTitle, type Locale, type ProfileTitleForm, type TitledProfile } from '@lea/shared';

/** The app's language as a catalogue locale: English when i18next speaks any English, else French. */
export const localeOf = (language: string | undefined): Locale => (language?.startsWith('en') ? 'en' : 'fr');

/**
 * A profile's title in the current language, from the shared profile titles (issue 11 §8): every
 * screen names the profiles and the company manager the way the PDFs, xlsx files and mails do.
 */
export function useProfileTitle(): (profile: TitledProfile | number, form?: ProfileTitleForm) => string {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return (profile, form = 'title') => profileTitle(profile, locale, form);
}
