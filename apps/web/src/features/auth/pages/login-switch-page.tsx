import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SigningIn } from '../components/signing-in';
import { useStartSession } from '../use-start-session';

/**
 * loginSwitch (spec 1 §2.5): signs in with the token pair of the query, as after an
 * impersonation; whoever started the switch has already saved the original tokens.
 */
export default function LoginSwitchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const started = useRef(false);
  const token = params.get('token');
  const refreshToken = params.get('refreshToken');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token || !refreshToken) {
      void navigate('/login', { replace: true });
      return;
    }
    startSession({ token, refreshToken }).catch(() => navigate('/login', { replace: true }));
  }, [token, refreshToken, startSession, navigate]);

  return <SigningIn />;
}
