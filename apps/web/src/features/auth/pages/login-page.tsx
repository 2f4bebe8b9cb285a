import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BREAKPOINT_MOBILE } from '@lea/shared';
import { refreshTokens } from '../../../shell/api-client';
import { appState } from '../../../shell/app-state';
import { clearSession, getTokens } from '../../../shell/session';
import { LoginForm } from '../components/login-form';
import { MobileLoginForm } from '../components/mobile-login-form';
import { SignInAlternatives } from '../components/sign-in-alternatives';
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

/** Login (spec 1 §2.3, §2.4): the web form, or the two-step mobile form under 768 px. */
export default function LoginPage() {
  const isMobile = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 1}px)`, undefined, { getInitialValueInEffect: false });
  const startSession = useStartSession();
  const resuming = useResumeSession();
  if (resuming) return <SigningIn />;
  return (
    <>
      {isMobile ? <MobileLoginForm onAuthenticated={startSession} /> : <LoginForm onAuthenticated={startSession} />}
      <SignInAlternatives />
    </>
  );
}
