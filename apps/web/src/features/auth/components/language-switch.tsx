import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLanguage, SUPPORTED_LANGUAGES, type Language } from '../../../i18n';
import classes from '../sign-in.module.css';

/** fr / en switch of the login pages; the platform texts are reloaded in the new language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('auth');
  const queryClient = useQueryClient();
  const current: Language = i18n.language?.startsWith('en') ? 'en' : 'fr';
  const choose = async (language: Language) => {
    await changeLanguage(language);
    await queryClient.invalidateQueries({ queryKey: ['platform'] });
  };
  return (
    <div role="radiogroup" aria-label={t('layout.language')} className={classes.language}>
      {SUPPORTED_LANGUAGES.map((language) => (
        <label key={language}>
          <input
            type="radio"
            name="language"
            value={language}
            className={classes.visuallyHidden}
            checked={current === language}
            onChange={() => void choose(language)}
          />
          {t(`layout.languages.${language}`)}
        </label>
      ))}
    </div>
  );
}
