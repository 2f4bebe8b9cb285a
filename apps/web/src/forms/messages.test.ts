import { describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_MAX_LENGTH, fileSizeMessage } from '@lea/shared';
import { createTestI18n } from '../test/render';
import { findMessageKey } from './messages';

/** Every message the shared rules produce, with its rule key. */
const produced: [string, string][] = [
  ['required', MESSAGES.required],
  ['number', MESSAGES.number],
  ['email', MESSAGES.email],
  ['phone', MESSAGES.phone],
  ['tagsMin', MESSAGES.tagsMin(2)],
  ['tagsMax', MESSAGES.tagsMax(12)],
  ['password', MESSAGES.password],
  ['passwordTooLong', MESSAGES.passwordTooLong],
  ['passwordMismatch', MESSAGES.passwordMismatch],
  ['fileFormat', MESSAGES.fileFormat],
  ['fileFormatDefault', MESSAGES.fileFormatDefault],
  ['fileMissing', MESSAGES.fileMissing],
  ['fileTooLarge', fileSizeMessage(5 * 1024 * 1024)],
  ['sendError', MESSAGES.sendError],
];

describe('validation messages', () => {
  const fr = createTestI18n('fr');
  const en = createTestI18n('en');

  it.each(produced)('%s: the French text of the forms namespace is the spec text', (key, message) => {
    const found = findMessageKey(message);
    expect(found?.key).toBe(key);
    expect(fr.t(`validation.${key}`, { ns: 'forms', n: found?.n })).toBe(message);
    expect(en.t(`validation.${key}`, { ns: 'forms', n: found?.n })).not.toBe(message);
  });

  it('reads the numbers back for English', () => {
    expect(en.t('validation.tagsMin', { ns: 'forms', n: findMessageKey(MESSAGES.tagsMin(3))?.n })).toBe(
      'Please respect the minimum number of values (3)',
    );
    expect(findMessageKey(MESSAGES.passwordTooLong)?.n).toBe(String(PASSWORD_MAX_LENGTH));
    expect(findMessageKey('Adresse déjà utilisée')).toBeNull();
  });
});
