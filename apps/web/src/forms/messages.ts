import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES, PASSWORD_MAX_LENGTH } from '@lea/shared';

/**
 * The shared rules answer the spec's French texts (the server sends the same ones). The screen
 * shows them through the `forms` namespace so English users read them in English: each French
 * text is recognised and turned back into its rule key.
 */
const EXACT_KEYS: Record<string, string> = {
  [MESSAGES.required]: 'required',
  [MESSAGES.number]: 'number',
  [MESSAGES.email]: 'email',
  [MESSAGES.phone]: 'phone',
  [MESSAGES.password]: 'password',
  [MESSAGES.passwordMismatch]: 'passwordMismatch',
  [MESSAGES.fileFormat]: 'fileFormat',
  [MESSAGES.fileFormatDefault]: 'fileFormatDefault',
  [MESSAGES.fileMissing]: 'fileMissing',
  [MESSAGES.sendError]: 'sendError',
};

/** Splits a parametrised message around its number so the number can be read back. */
function around(build: (n: number) => string): [string, string] {
  const [before = '', after = ''] = build(Number.NaN).split('NaN');
  return [before, after];
}

const PARAMETRISED: [string, [string, string]][] = [
  ['tagsMin', around(MESSAGES.tagsMin)],
  ['tagsMax', around(MESSAGES.tagsMax)],
  ['fileTooLarge', [MESSAGES.fileTooLarge, ' Mo']],
];

export interface MessageKey {
  key: string;
  n?: string;
}

/** The rule key (and number) of a shared message, or null for a text the rules do not produce. */
export function findMessageKey(message: string): MessageKey | null {
  const exact = EXACT_KEYS[message];
  if (exact) return { key: exact };
  if (message === MESSAGES.passwordTooLong) return { key: 'passwordTooLong', n: String(PASSWORD_MAX_LENGTH) };
  for (const [key, [before, after]] of PARAMETRISED) {
    if (message.startsWith(before) && message.endsWith(after) && message.length > before.length + after.length) {
      return { key, n: message.slice(before.length, message.length - after.length) };
    }
  }
  return null;
}

/** Shows a validation message in the current language; unknown texts (custom server messages) pass through. */
export function useTranslateMessage(): (message: string) => string {
  const { t } = useTranslation('forms');
  return useCallback(
    (message: string) => {
      const found = findMessageKey(message);
      return found ? t(`validation.${found.key}`, { n: found.n }) : message;
    },
    [t],
  );
}
