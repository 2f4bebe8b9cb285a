import { SegmentedControl } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLanguage, SUPPORTED_LANGUAGES, type Language } from '../../../i18n';

/** fr / en switch of the login pages; the platform texts are reloaded in the new language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('auth');
  const queryClient = useQueryClient();
  const current: Language = i18n.language?.startsWith('en') ? 'en' : 'fr';
  const choose = async (value: string) => {
    const language = SUPPORTED_LANGUAGES.find((candidate) => candidate === value);
    if (!language) return;
    await changeLanguage(language);
    await queryClient.invalidateQueries({ queryKey: ['platform'] });
  };
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('layout.language')}
      value={current}
      onChange={(value) => void choose(value)}
      data={SUPPORTED_LANGUAGES.map((language) => ({ value: language, label: t(`layout.languages.${language}`) }))}
    />
  );
}
