import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { renderWithProviders } from '../../test/render';
import { BackOfficeAreaContext, type BackOfficeArea } from '../area';

export type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown };
/** Answers a call by method and path (without /api/{locale}); undefined falls through to 404. */
export type Responder = (call: Call) => Answer | unknown | undefined;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function isAnswer(value: unknown): value is Answer {
  return (
    typeof value === 'object' && value !== null && 'body' in value && Object.keys(value).every((key) => key === 'body' || key === 'status')
  );
}

/** Stubs fetch with a responder and records every call (path without the /api/{locale} prefix). */
export function stubApi(respond: Responder): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/(fr|en)/, ''),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      const answer = respond(call);
      if (answer === undefined) return json(404, { code: 404, message: 'Not found' });
      return isAnswer(answer) ? json(answer.status ?? 200, answer.body) : json(200, answer);
    }),
  );
  return calls;
}

const COURSE_ONE: BackOfficeArea = { kind: 'manager', courseId: 1 };

/** Renders routes under the area's base at `path`, as the router would: course 1's manager area unless told. */
export function renderArea(children: RouteObject[], path: string, extra: RouteObject[] = [], area: BackOfficeArea = COURSE_ONE) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const base = area.kind === 'admin' ? '/admin' : '/lea-manager/:trainingCourseId';
  const router = createMemoryRouter([{ path: base, children }, ...extra], { initialEntries: [path] });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <BackOfficeAreaContext.Provider value={area}>
        <RouterProvider router={router} />
      </BackOfficeAreaContext.Provider>
    </QueryClientProvider>,
  );
  return { router, client };
}
