import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_NAMESPACES } from './namespaces';
import firstEn from './resources-first-en';
import firstFr from './resources-first-fr';
import restEn from './resources-rest-en';
import restFr from './resources-rest-fr';

const files = import.meta.glob('./locales/*/*.json');
const namespacesOf = (lang: string) =>
  Object.keys(files)
    .filter((path) => path.startsWith(`./locales/${lang}/`))
    .map((path) => /([\w-]+)\.json$/.exec(path)![1])
    .sort();

describe('the texts split in two chunks per language (decision 034)', () => {
  it.each([
    ['fr', firstFr, restFr],
    ['en', firstEn, restEn],
  ])('%s: the sign-in namespaces first, every other one in the rest, none lost', (lang, first, rest) => {
    expect(Object.keys(first).sort()).toEqual([...FIRST_PAGE_NAMESPACES].sort());
    expect(Object.keys(rest).filter((namespace) => namespace in first)).toEqual([]);
    expect([...Object.keys(first), ...Object.keys(rest)].sort()).toEqual(namespacesOf(lang));
  });
});
