import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { appState } from './app-state';
import { showPageError } from './providers';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('../router', () => ({ router: { navigate } }));

afterEach(() => {
  appState.setPageError(null);
  navigate.mockReset();
});

describe('showPageError (spec 1 §8.3)', () => {
  it('stores a failure over 401 and shows the error page', async () => {
    showPageError(new ApiRequestError(503, 'Service Unavailable'), undefined);
    expect(appState.get().pageError).toEqual({ code: 503, message: 'Service Unavailable' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/error', { state: { code: 503 } }));
  });

  it('leaves 401s, network failures and opted-out queries to their callers', async () => {
    showPageError(new ApiRequestError(401, 'Bad credentials'), undefined);
    showPageError(new TypeError('Failed to fetch'), undefined);
    showPageError(new ApiRequestError(404, 'Not Found'), { errorPage: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(appState.get().pageError).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
