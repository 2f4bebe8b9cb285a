import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { renderWithProviders } from '../test/render';
import { AppBreadcrumb, buildBreadcrumb } from './breadcrumb';

const match = (pathname: string, name?: string) => ({ pathname, handle: name ? { name } : undefined });

describe('buildBreadcrumb', () => {
  it('is hidden on the manager home, admin home, training course list and a triad dashboard', () => {
    expect(buildBreadcrumb([match('/'), match('/lea-manager/3', 'leaManager'), match('/lea-manager/3', 'leaManagerHome')])).toBeNull();
    expect(buildBreadcrumb([match('/'), match('/admin', 'admin'), match('/admin', 'adminHome')])).toBeNull();
    expect(
      buildBreadcrumb([match('/'), match('/dashboard', 'dashboardLayout'), match('/dashboard/training-course-list', 'TrainingCourseList')]),
    ).toBeNull();
    expect(buildBreadcrumb([match('/'), match('/dashboard', 'dashboardLayout'), match('/dashboard/home', 'Dashboard')])).toBeNull();
    expect(buildBreadcrumb([match('/')])).toBeNull();
  });

  it('starts at the triad home elsewhere and skips the dashboard layout', () => {
    expect(buildBreadcrumb([match('/'), match('/dashboard', 'dashboardLayout'), match('/dashboard/skills', 'MODULE_LEA_SKILL')])).toEqual([
      { name: 'Dashboard', path: '/dashboard/home' },
      { name: 'MODULE_LEA_SKILL', path: '/dashboard/skills' },
    ]);
    expect(
      buildBreadcrumb([match('/'), match('/lea-manager/3', 'leaManager'), match('/lea-manager/3/crews', 'leaManagerSection')])?.map(
        (c) => c.name,
      ),
    ).toEqual(['Dashboard', 'leaManager', 'leaManagerSection']);
  });

  it('roots the admin area at its own home', () => {
    expect(buildBreadcrumb([match('/'), match('/admin', 'admin'), match('/admin/users', 'adminSection')])?.map((c) => c.name)).toEqual([
      'admin',
      'adminSection',
    ]);
  });

  it("names a generic back-office screen by the title its page gives, not by the route's internal name", () => {
    const entity = { pathname: '/admin/institution/list', handle: { name: 'adminEntity', titledByPage: true } };
    expect(buildBreadcrumb([match('/'), match('/admin', 'admin'), entity], 'Établissements')).toEqual([
      { name: 'admin', path: '/admin' },
      { name: 'adminEntity', path: '/admin/institution/list', title: 'Établissements' },
    ]);
    // Before the page says what it shows (loading, a 404), the route's internal name is not shown.
    expect(buildBreadcrumb([match('/'), match('/admin', 'admin'), entity])).toEqual([{ name: 'admin', path: '/admin' }]);
    // Another route keeps its own name even while a title is set.
    expect(buildBreadcrumb([match('/'), match('/admin', 'admin'), match('/admin/x', 'adminSection')], 'Établissements')?.[1]).toEqual({
      name: 'adminSection',
      path: '/admin/x',
    });
  });
});

describe('AppBreadcrumb', () => {
  const routes: RouteObject[] = [
    {
      element: (
        <>
          <AppBreadcrumb />
          <Outlet />
        </>
      ),
      children: [
        {
          path: '/dashboard',
          handle: { name: 'dashboardLayout' },
          children: [
            { path: 'home', handle: { name: 'Dashboard' }, element: <p>home</p> },
            { path: 'skills', handle: { name: 'MODULE_LEA_SKILL' }, element: <p>skills</p> },
          ],
        },
      ],
    },
  ];

  it('links back home and names the current page', () => {
    renderWithProviders(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/dashboard/skills'] })} />);
    const trail = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(trail.textContent).toContain('Compétences');
    expect(screen.getByRole('link', { name: 'Accueil' }).getAttribute('href')).toBe('/dashboard/home');
  });

  it('renders nothing on the dashboard home', () => {
    renderWithProviders(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/dashboard/home'] })} />);
    expect(screen.getByText('home')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
