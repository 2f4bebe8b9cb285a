import { describe, expect, it } from 'vitest';
import { slotsOf, type Catalogue, type Templates } from '@lea/shared';
import { TEXT_DOMAINS, renderText, text, textRef } from './index.js';

const domains = Object.entries(TEXT_DOMAINS as Record<string, Catalogue<Templates>>);
const entries = domains.flatMap(([domain, catalogue]) =>
  Object.keys(catalogue.fr).map((key) => [`${domain}.${key}`, catalogue.fr[key]!, catalogue.en[key]] as const),
);

/** French in an English text: accented letters, a space before a colon or a bang, a French article after a dot. */
const FRENCH_LOOKING = /[éèêëàâùûôîïç]|\s[:!?;]|\b(le|la|les|des|du|une|est|sont|avec|pour|dans|veuillez|merci)\b/i;

describe('server text catalogue', () => {
  it('holds every key in fr and en, neither empty', () => {
    expect(entries.length).toBeGreaterThan(50);
    for (const [key, fr, en] of entries) {
      expect(fr.trim(), key).not.toBe('');
      expect(en?.trim(), key).toBeTruthy();
    }
    for (const [, catalogue] of domains) expect(Object.keys(catalogue.en).sort()).toEqual(Object.keys(catalogue.fr).sort());
  });

  it('gives each key the same params in both languages', () => {
    for (const [key, fr, en] of entries) expect(slotsOf(en ?? ''), key).toEqual(slotsOf(fr));
  });

  it('has no French-looking English text', () => {
    const french = entries.filter(([, , en]) => FRENCH_LOOKING.test(en ?? '')).map(([key, , en]) => `${key}: ${en}`);
    expect(french).toEqual([]);
  });

  it('renders a key, its params and a text given as a param, in each locale', () => {
    expect(text('en', 'common.triadNotFound')).toBe('Triad not found');
    expect(text('fr', 'validation.tooLong', { max: 12 })).toBe('Ce champ ne doit pas dépasser 12 caractères');
    // @ts-expect-error a template's params are required
    text('en', 'validation.tooLong');
    // @ts-expect-error an unknown key does not compile
    text('en', 'common.nothingLikeThis');
    const ref = textRef('validation.tagsMin', { n: 2 });
    expect(renderText(ref, 'en')).toBe('Please respect the minimum number of values (2)');
  });

  it('shows a shared rule’s French message in English, and passes other texts through', () => {
    expect(renderText('Ce champ ne doit pas dépasser 255 caractères', 'en')).toBe('This field must not exceed 255 characters');
    expect(renderText('Ce champ est obligatoire', 'en')).toBe('This field is required');
    expect(renderText('Ce champ est obligatoire', 'fr')).toBe('Ce champ est obligatoire');
    expect(renderText('Expired JWT Token', 'en')).toBe('Expired JWT Token');
  });
});
