import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ModuleMenuEntry } from '@lea/shared';
import { renderWithProviders } from '../test/render';
import { buildTabs, isTabActive, isTabBarVisible, TabBar } from './tab-bar';

const entry = (code: string, title: string): ModuleMenuEntry => ({ code, title, icon: 'IconPuzzle' });
const menu: ModuleMenuEntry[] = [
  entry('MODULE_LEA_REGISTRATION', 'Inscription'),
  entry('MODULE_LEA_GENERAL', 'Général'),
  entry('MODULE_LEA_DOCUMENT', 'Documents'),
  entry('MODULE_LEA_SKILL', 'Compétences'),
  entry('MODULE_LEA_QUESTIONNAIRE', 'Questionnaires'),
  entry('MODULE_LEA_ABSENCE', 'Absences et planning'),
  entry('MODULE_LEA_MESSAGE', 'Messagerie'),
  entry('MODULE_LEA_NOTE', 'Notes'),
  entry('MODULE_LEA_NOTEPAD', 'Bloc-notes'),
  entry('MODULE_LEA_WEBLINKS', 'Liens utiles'),
];

describe('buildTabs', () => {
  it('keeps home and the ordinary modules that have screens, in menu order', () => {
    const keys = buildTabs(menu, 'apprentice').map((tab) => tab.key);
    expect(keys).toEqual([
      'home',
      'MODULE_LEA_DOCUMENT',
      'MODULE_LEA_SKILL',
      'MODULE_LEA_ABSENCE',
      'MODULE_LEA_NOTE',
      'MODULE_LEA_NOTEPAD',
      'MODULE_LEA_WEBLINKS',
    ]);
  });

  it('offers no tab for a module without screens yet, nor for those reached another way', () => {
    const keys = buildTabs(menu, 'tutor').map((tab) => tab.key);
    for (const code of ['MODULE_LEA_GENERAL', 'MODULE_LEA_MESSAGE', 'MODULE_LEA_QUESTIONNAIRE', 'MODULE_LEA_REGISTRATION']) {
      expect(keys).not.toContain(code);
    }
  });

  it('adds the training course list tab for every non-apprentice', () => {
    for (const type of ['tutor', 'apprentice_master', 'lea_manager', null] as const) {
      expect(buildTabs(menu, type).at(-1)?.path).toBe('/dashboard/training-course-list');
    }
    expect(buildTabs(menu, 'apprentice').some((tab) => tab.key === 'course-list')).toBe(false);
  });

  it('maps module codes to their screens', () => {
    const paths = Object.fromEntries(buildTabs(menu, 'apprentice').map((tab) => [tab.key, tab.path]));
    expect(paths.MODULE_LEA_DOCUMENT).toBe('/dashboard/document');
    expect(paths.MODULE_LEA_NOTE).toBe('/dashboard/document?category=note');
    expect(paths.MODULE_LEA_NOTEPAD).toBe('/dashboard/notepad');
  });
});

describe('isTabBarVisible', () => {
  it('hides the tabs on error, profile, course list, admin and login pages', () => {
    for (const path of ['/error', '/profile/3', '/dashboard/training-course-list', '/admin', '/admin/users', '/login']) {
      expect(isTabBarVisible(path, false)).toBe(false);
      expect(isTabBarVisible(path, true)).toBe(false);
    }
  });

  it('shows them on the dashboard, and in the manager area only under 768 px', () => {
    expect(isTabBarVisible('/dashboard/home', false)).toBe(true);
    expect(isTabBarVisible('/dashboard/notepad', true)).toBe(true);
    expect(isTabBarVisible('/lea-manager/4', false)).toBe(false);
    expect(isTabBarVisible('/lea-manager/4', true)).toBe(true);
  });
});

describe('isTabActive', () => {
  it('tells the notes tab from the documents tab by the category query', () => {
    expect(isTabActive('/dashboard/document', '/dashboard/document', '')).toBe(true);
    expect(isTabActive('/dashboard/document', '/dashboard/document', '?category=note')).toBe(false);
    expect(isTabActive('/dashboard/document?category=note', '/dashboard/document', '?category=note')).toBe(true);
  });
});

describe('TabBar', () => {
  function renderTabBar(userType: 'apprentice' | 'tutor', language: 'fr' | 'en' = 'fr') {
    return renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard/notepad']}>
        <TabBar menu={menu} userType={userType} onOpenMenu={() => {}} />
      </MemoryRouter>,
      { language },
    );
  }

  it('renders the apprentice tabs with the active one marked, and the menu button', () => {
    renderTabBar('apprentice');
    const nav = screen.getByRole('navigation', { name: 'Onglets' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Accueil', 'Documents', 'Compétences', 'Absences', 'Notes', 'Bloc-notes', 'Liens']);
    expect(within(nav).getByRole('link', { name: 'Bloc-notes' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it('gives tutors the course list tab, in the chosen language', () => {
    renderTabBar('tutor', 'en');
    const nav = screen.getByRole('navigation', { name: 'Tabs' });
    const courses = within(nav).getByRole('link', { name: 'Training courses' });
    expect(courses.getAttribute('href')).toBe('/dashboard/training-course-list');
    // Narrow tabs carry a short label; the whole name stays the link's name and its tooltip.
    expect(courses.textContent).toBe('Courses');
    expect(within(nav).getByRole('link', { name: 'Notepad' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Useful links' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Messages' })).toBeNull();
  });
});
