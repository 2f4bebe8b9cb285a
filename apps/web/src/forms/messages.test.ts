import { describe, expect, it } from 'vitest';
import { MESSAGES, fileSizeMessage } from '@lea/shared';
import { translateMessage } from './messages';

describe('validation messages in the current language', () => {
  it('shows the shared rules in English, their numbers kept', () => {
    expect(translateMessage(MESSAGES.required, 'en')).toBe('This field is required');
    expect(translateMessage(MESSAGES.tagsMin({ n: 3 }), 'en')).toBe('Please respect the minimum number of values (3)');
    expect(translateMessage(fileSizeMessage(5 * 1024 * 1024), 'en-GB')).toBe('Please choose a file smaller than 5 MB');
    expect(translateMessage(MESSAGES.tooLong({ max: 255 }), 'en')).toBe('This field must not exceed 255 characters');
  });

  it('keeps the spec’s French text in French, and passes a text it does not know through', () => {
    expect(translateMessage(MESSAGES.required, 'fr')).toBe('Ce champ est obligatoire');
    expect(translateMessage('Adresse déjà utilisée', 'en')).toBe('Adresse déjà utilisée');
  });
});
