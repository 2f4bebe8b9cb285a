import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Tokens } from '../../shell/session';
import { startSession } from './post-login';

/** Starts a session with a new token pair and goes where the user belongs (spec 1 §4.1). */
export function useStartSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (tokens: Tokens, stayConnected?: boolean) => {
      const path = await startSession(queryClient, tokens, stayConnected);
      await navigate(path, { replace: true });
    },
    [queryClient, navigate],
  );
}
