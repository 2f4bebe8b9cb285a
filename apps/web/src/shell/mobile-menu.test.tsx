import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ModuleMenuEntry } from '@lea/shared';
import { renderWithProviders } from '../test/render';
import { MobileMenu } from './mobile-menu';

const entry = (code: string, title: string): ModuleMenuEntry => ({ code, title, icon: 'IconPuzzle' });
const menu = [
  entry('MODULE_LEA_DOCUMENT', 'Documents'),
  entry('MODULE_LEA_SKILL', 'Compétences'),
  entry('MODULE_LEA_ABSENCE', 'Absences et planning'),
  entry('MODULE_LEA_MESSAGE', 'Messagerie'),
  entry('MODULE_LEA_COURSE', 'Cours'),
  entry('MODULE_LEA_NOTEPAD', 'Bloc-notes'),
  entry('MODULE_LEA_WEBLINKS', 'Liens utiles'),
];

function renderMenu(courseCount: number) {
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard/home']}>
      <MobileMenu opened onClose={() => {}} menu={menu} courseCount={courseCount} onLogout={() => {}} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Menu' }));
}

describe('MobileMenu', () => {
  it('lists home, the course list and only the modules that have screens', () => {
    const nav = renderMenu(2);
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Accueil',
      'Formations',
      'Documents',
      'Compétences',
      'Absences et planning',
      'Cours',
      'Bloc-notes',
      'Liens utiles',
    ]);
    // Messaging is the header's envelope, not a menu entry.
    expect(nav.queryByRole('link', { name: 'Messagerie' })).toBeNull();
  });

  it('leaves the course list out for a one-course user', () => {
    const nav = renderMenu(1);
    expect(nav.queryByRole('link', { name: 'Formations' })).toBeNull();
  });
});
