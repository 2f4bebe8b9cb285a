import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_TITLES, profileTitle } from './profile-titles.js';

describe('profile titles', () => {
  it('names profile 4 and the company manager the same way in every form', () => {
    expect(profileTitle(4, 'fr')).toBe('Responsable de formation');
    expect(profileTitle(4, 'en', 'titlePlural')).toBe('Training course managers');
    expect(profileTitle(4, 'fr', 'titleAbbreviation')).toBe('SM');
    expect(profileTitle('companyManager', 'fr')).toBe("Chef d'entreprise");
    expect(profileTitle('companyManager', 'en', 'titleAbbreviation')).toBe('CL');
  });

  it('has the spec default abbreviations A, T, M, SM in both languages', () => {
    for (const locale of ['fr', 'en'] as const) {
      expect([1, 2, 3, 4].map((profile) => profileTitle(profile, locale, 'titleAbbreviation'))).toEqual(['A', 'T', 'M', 'SM']);
    }
  });

  it('fills every form of every profile, and reads a platform’s own titles when given', () => {
    for (const titles of Object.values(DEFAULT_PROFILE_TITLES)) {
      for (const title of Object.values(titles)) for (const value of Object.values(title)) expect(value.trim()).not.toBe('');
    }
    const own = { ...DEFAULT_PROFILE_TITLES.fr, 4: { ...DEFAULT_PROFILE_TITLES.fr[4], title: 'Gestionnaire' } };
    expect(profileTitle(4, 'fr', 'title', own)).toBe('Gestionnaire');
    expect(profileTitle(9, 'en')).toBe('9');
  });
});
