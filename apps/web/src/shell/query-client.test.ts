import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { appState } from './app-state';
import { createQueryClient, showPageError } from './query-client';

afterEach(() => appState.setPageError(null));

describe('showPageError (spec 1 §8.3)', () => {
  it('stores a failure over 401 and shows the error page', () => {
    const openErrorPage = vi.fn();
    showPageError(new ApiRequestError(503, 'Service Unavailable'), undefined, openErrorPage);
    expect(appState.get().pageError).toEqual({ code: 503, message: 'Service Unavailable' });
    expect(openErrorPage).toHaveBeenCalledWith(503);
  });

  it('leaves 401s, network failures and opted-out queries to their callers', () => {
    const openErrorPage = vi.fn();
    showPageError(new ApiRequestError(401, 'Bad credentials'), undefined, openErrorPage);
    showPageError(new TypeError('Failed to fetch'), undefined, openErrorPage);
    showPageError(new ApiRequestError(404, 'Not Found'), { errorPage: false }, openErrorPage);
    expect(appState.get().pageError).toBeNull();
    expect(openErrorPage).not.toHaveBeenCalled();
  });
});

describe('createQueryClient', () => {
  it("sends a failed page query to the error page it was given, once the query's own retry is spent", async () => {
    const openErrorPage = vi.fn();
    const client = createQueryClient(openErrorPage);
    await client.prefetchQuery({ queryKey: ['page'], queryFn: () => Promise.reject(new ApiRequestError(500, 'Boom')), retry: false });
    expect(openErrorPage).toHaveBeenCalledWith(500);
    await client.prefetchQuery({
      queryKey: ['own'],
      queryFn: () => Promise.reject(new ApiRequestError(500, 'Boom')),
      retry: false,
      meta: { errorPage: false },
    });
    expect(openErrorPage).toHaveBeenCalledTimes(1);
  });
});
