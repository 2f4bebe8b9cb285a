import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_MESSAGES } from '@lea/shared';
import { useTranslateMessage } from '../../../forms';

/** The French texts of the shared save rules, back to their keys so that English users read English. */
const RULE_KEYS: Record<string, string> = Object.fromEntries(Object.entries(EDITOR_MESSAGES).map(([key, message]) => [message, key]));

/** Translates a rule message of `checkQuestionnaireModel` or of the generic rules; other server texts pass through. */
export function useEditorMessage(): (message: string) => string {
  const { t } = useTranslation('questionnaire-editor');
  const generic = useTranslateMessage();
  return useCallback((message: string) => {
    const key = RULE_KEYS[message];
    return key ? t(`rules.${key}`) : generic(message);
  }, [t, generic]);
}
