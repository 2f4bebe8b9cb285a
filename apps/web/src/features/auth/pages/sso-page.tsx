import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SigningIn } from '../components/signing-in';
import { startSession } from '../post-login';
import { exchangeSsoTicket } from '../sso-api';

const FAILED = '/login?sso=failed';

/**
 * loginSso (issue 20 §2): where the server's single sign-on callback sends the browser, with a
 * single-use ticket rather than the tokens in the address. The ticket is exchanged once for the
 * session, which then opens where the person belongs (or the page the sign-in was started for).
 */
export default function SsoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const ticket = params.get('ticket');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!ticket) {
      void navigate(FAILED, { replace: true });
      return;
    }
    exchangeSsoTicket(ticket)
      .then(async (answer) => {
        const home = await startSession(queryClient, { token: answer.token, refreshToken: answer.refresh_token });
        await navigate(answer.target ?? home, { replace: true });
      })
      .catch(() => navigate(FAILED, { replace: true }));
  }, [ticket, queryClient, navigate]);

  return <SigningIn />;
}
