import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { selectTriad } from '../../../shell/current-triad';
import { renderWithProviders } from '../../../test/render';
import DocumentFormPage from './document-form-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The add-document route with a list answer that allows adding or not; every path asked is kept. */
function renderAddPage(canAdd: boolean) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname);
      if (url.pathname.endsWith('/form')) return new Response(JSON.stringify({ code: 403, message: 'Accès interdit' }), { status: 403 });
      return json({ category: 'general', documents: [], canAdd });
    }),
  );
  const router = createMemoryRouter([{ path: '/dashboard/document/add/doc', element: <DocumentFormPage /> }], {
    initialEntries: ['/dashboard/document/add/doc?category=general'],
  });
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  selectTriad(12, 4);
});
afterEach(() => vi.unstubAllGlobals());

describe('add-document page', () => {
  it('shows a manager the refusal without asking for the form (no 403 in the console)', async () => {
    const calls = renderAddPage(false);
    expect(await screen.findByText(/ne pouvez pas ajouter/i)).toBeTruthy();
    expect(calls.some((path) => path.endsWith('/form'))).toBe(false);
  });

  it('asks for the form when the member may add documents', async () => {
    const calls = renderAddPage(true);
    await vi.waitFor(() => expect(calls.some((path) => path.endsWith('/general/list'))).toBe(true));
    await vi.waitFor(() => expect(calls.some((path) => path.includes('/document/form'))).toBe(true));
  });
});
