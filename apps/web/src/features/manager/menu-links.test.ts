import { describe, expect, it } from 'vitest';
import { IconHome, IconPoint, IconUsersGroup } from '@tabler/icons-react';
import { iconFor, menuLinks } from './menu-links';

describe('menuLinks', () => {
  it('keeps the static sections while the server menu loads', () => {
    expect(menuLinks(undefined).map((link) => [link.key, link.path, link.translated])[1]).toEqual(['triad', 'triad', true]);
  });

  it("takes the server's entries, the home (config) leading to the area's base, known sections in the app's words", () => {
    const links = menuLinks({
      trainingCourse: { id: 1, displayName: 'BTS', archive: false },
      entries: [
        { code: 'LEA_MANAGER_CONFIG', title: 'Accueil', icon: 'IconHome', path: '/config' },
        { code: 'LEA_MANAGER_TRIAD', title: 'Triades', icon: 'fa-users', path: 'triad/' },
        { code: 'LEA_MANAGER_SKILLS', title: 'Compétences', icon: 'IconAward', path: 'skill' },
      ],
    });
    expect(links.map((link) => [link.label, link.path, link.translated])).toEqual([
      ['menu.home', '', true],
      ['menu.triad', 'triad', true],
      ['Compétences', 'skill', false],
    ]);
  });

  it('reads icon names in several styles and falls back to a dot', () => {
    expect(iconFor('fa-users', 'x')).toBe(IconUsersGroup);
    expect(iconFor('IconHome', 'x')).toBe(IconHome);
    expect(iconFor('unknown', 'MODULE_LEA_TRIAD')).toBe(IconUsersGroup);
    expect(iconFor('sparkles', 'other')).toBe(IconPoint);
  });
});
