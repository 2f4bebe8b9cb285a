import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { cleanNotifications } from '@mantine/notifications';
import { renderWithProviders } from '../test/render';
import { appState } from './app-state';
import ErrorPage, { errorAction, resolveErrorCode } from './error-page';
import { saveTokens } from './session';

function renderError(state: unknown, language: 'fr' | 'en' = 'fr') {
  const router = createMemoryRouter(
    [
      { path: '/error', element: <ErrorPage /> },
      { path: '/login', element: <p>login page</p> },
      { path: '/dashboard/home', element: <p>home page</p> },
    ],
    { initialEntries: [{ pathname: '/error', state }] },
  );
  renderWithProviders(<RouterProvider router={router} />, { language });
  return router;
}

afterEach(() => {
  appState.setPageError(null);
  localStorage.clear();
  sessionStorage.clear();
  act(() => cleanNotifications());
});

describe('error page', () => {
  it.each([
    [404, "La page que vous avez demandée n'a pas été trouvée !"],
    [403, 'Accès interdit'],
    [401, 'Vous devez vous authentifier pour accéder à cette page'],
    [503, 'Service momentanément indisponible'],
  ])('shows code %i with its message', async (code, message) => {
    renderError({ code });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(String(code));
    expect(screen.getByText(message)).toBeTruthy();
    expect(await screen.findByText('Une erreur est survenue')).toBeTruthy();
  });

  it('treats a missing error as 404', () => {
    renderError(null, 'en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404');
    expect(screen.getByText('The page you requested was not found!')).toBeTruthy();
  });

  it('shows another stored error with its message under Ooops!', () => {
    appState.setPageError({ code: 500, message: 'Database unreachable' });
    renderError(null);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('500');
    expect(screen.getByText('Ooops!')).toBeTruthy();
    expect(screen.getByText('Database unreachable')).toBeTruthy();
  });

  it('sends a signed-out visitor to login', async () => {
    const router = renderError({ code: 404 });
    act(() => screen.getByRole('button', { name: 'Retour à la connexion' }).click());
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user home', async () => {
    saveTokens({ token: 'a', refreshToken: 'b' }, false);
    renderError({ code: 503 });
    act(() => screen.getByRole('button', { name: "Retour à l'accueil" }).click());
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});

describe('error rules', () => {
  it('prefers the navigation code, then the stored error, then 404', () => {
    expect(resolveErrorCode(403, { code: 500, message: '' })).toBe(403);
    expect(resolveErrorCode(undefined, { code: 500, message: '' })).toBe(500);
    expect(resolveErrorCode('x', null)).toBe(404);
  });

  it('goes back on 403, to login or home on /error, and reloads elsewhere', () => {
    expect(errorAction(403, '/error', false)).toBe('back');
    expect(errorAction(404, '/error', false)).toBe('login');
    expect(errorAction(404, '/error', true)).toBe('home');
    expect(errorAction(500, '/dashboard/home', true)).toBe('reload');
  });
});
