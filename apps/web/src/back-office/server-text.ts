import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The generic calls answer some refusals with the spec's keys (`cannot_remove`,
 * `questionnaire_triad_already_signed`) for the web app to word; any other text is shown as sent.
 */
export function useServerText(): (message: string) => string {
  const { t, i18n } = useTranslation('back-office');
  return useCallback(
    (message: string) =>
      /^[a-z_]+$/.test(message) && i18n.exists(`back-office:serverMessages.${message}`) ? t(`serverMessages.${message}`) : message,
    [t, i18n],
  );
}
