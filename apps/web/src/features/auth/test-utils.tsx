import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { renderWithProviders } from '../../test/render';

/** Renders an auth component inside a router (with a marker page at /login) and a query client. */
export function renderAuth(ui: ReactElement, { language = 'fr', path = '/login/form' }: { language?: 'fr' | 'en'; path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<p>login-page</p>} />
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
    { language },
  );
}

type Reply = { status: number; body: unknown };

/** Replaces fetch: each call is answered by `reply` and recorded. */
export function mockFetch(reply: (url: string, init: RequestInit | undefined) => Reply) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const { status, body } = reply(url, init);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}
