import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';
import { appState } from './app-state';
import { offlineMutationDefaults, offlineQueryDefaults } from './offline-queries';

/** Opens the error page for a status (main.tsx navigates the router there). */
export type OpenErrorPage = (code: number) => void;

/**
 * Spec 1 §8.3: a page-data call failing with a status over 401 stores the error and shows the
 * error page. Queries that handle their own failure opt out with `meta: { errorPage: false }`.
 */
export function showPageError(error: unknown, meta: Record<string, unknown> | undefined, openErrorPage: OpenErrorPage): void {
  if (!(error instanceof ApiRequestError) || error.status <= 401 || meta?.errorPage === false) return;
  appState.setPageError({ code: error.status, message: error.message });
  openErrorPage(error.status);
}

/** The app's server-state cache; the shell knows nothing of the route table, so the way to the error page is given. */
export function createQueryClient(openErrorPage: OpenErrorPage): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => showPageError(error, query.meta, openErrorPage) }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, ...offlineQueryDefaults },
      mutations: offlineMutationDefaults,
    },
  });
}
