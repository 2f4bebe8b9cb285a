import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LOGOUT_DELAY_MS } from '@lea/shared';
import { revokeCurrentSession } from './api-client';
import { clearSession } from './session';

/**
 * Logout (spec 1 §4.1): every token and session marker goes at once, then Login after 0.3 s.
 * The query cache is emptied once the signed-in screens are gone, so none of them refetches
 * without a token in between.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    revokeCurrentSession();
    clearSession();
    void import('./offline-store').then(({ clearOfflineStore }) => clearOfflineStore());
    setTimeout(() => {
      void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
    }, LOGOUT_DELAY_MS);
  }, [navigate, queryClient]);
}
