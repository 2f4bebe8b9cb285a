import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { refreshTokens } from '../../../shell/api-client';
import { appState } from '../../../shell/app-state';
import { clearSession, getTokens } from '../../../shell/session';
import { SignInForms } from '../components/sign-in-forms';
import { SigningIn } from '../components/signing-in';
import { resolvePostLoginRoute } from '../post-login';
import { useStartSession } from '../use-start-session';

/** Resumes a stored session: refresh the tokens, then route as after a login (spec 1 §4.1). */
function useResumeSession(): boolean {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [resuming, setResuming] = useState(() => getTokens() !== null);
  const started = useRef(false);

  useEffect(() => {
    if (!resuming || started.current) return;
    started.current = true;
    void (async () => {
      try {
        if (await refreshTokens()) {
          await navigate(await resolvePostLoginRoute(queryClient), { replace: true });
          return;
        }
        // A rejected refresh token is worthless; offline, it may still be good later.
        if (!appState.get().offline) clearSession();
      } catch {
        // The user or course list could not be loaded: the form lets the user sign in again.
      }
      setResuming(false);
    })();
  }, [resuming, navigate, queryClient]);

  return resuming;
}

/**
 * Login inside the app (spec 1 §2.3, §2.4), reached from another page (a logout, an expired session). Opened first, the
 * same forms draw without the app (sign-in-start.tsx, decision 034).
 */
export default function LoginPage() {
  const startSession = useStartSession();
  const resuming = useResumeSession();
  if (resuming) return <SigningIn />;
  return <SignInForms onAuthenticated={startSession} />;
}
