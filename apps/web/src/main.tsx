import { i18nReady } from './i18n';
import { designQuery } from './shell/design';
import { createQueryClient } from './shell/query-client';
import { registerServiceWorker } from './shell/service-worker';
import { getTokens } from './shell/session';

/**
 * The entry: the login, opened first by most people, draws without the app's router and Mantine (sign-in-start.tsx);
 * every other page, and a login with a stored session to resume, starts the whole app (app.tsx). Decision 034.
 */

// A failed page call opens the error page of whichever is running.
let openErrorPage = (_code: number): void => undefined;
const queryClient = createQueryClient((code) => openErrorPage(code));

// Every page's look: asked for now, beside the code and texts, not when the theme first renders.
// Its logos are asked for as soon as it answers, not once the page that shows them has rendered.
void queryClient.fetchQuery(designQuery).then(
  ({ logos }) => {
    for (const logo of [logos.logoType, logos.logoCfa, logos.logoHomepage]) if (logo) new Image().src = logo;
  },
  () => undefined,
);

async function startApp(): Promise<void> {
  const [{ mountApp }] = await Promise.all([import('./app'), i18nReady]);
  const router = mountApp(queryClient);
  openErrorPage = (code) => void router.navigate('/error', { state: { code } });
  registerServiceWorker();
}

async function startSignIn(): Promise<void> {
  const [{ mountSignIn }] = await Promise.all([import('./features/auth/sign-in-start'), i18nReady]);
  if (window.location.pathname === '/') window.history.replaceState(null, '', '/login');
  const signIn = mountSignIn(queryClient, {
    // The app takes over at `path`: a link of the page, or where a new session lands (then no way back to the form).
    handOver: async (path, session) => {
      const { startSession } = await import('./app');
      const landing = session ? await startSession(queryClient, session.tokens, session.stayConnected) : path;
      if (session) window.history.replaceState(null, '', landing);
      else window.history.pushState(null, '', landing);
      signIn.unmount();
      await startApp();
    },
  });
  openErrorPage = () => void signIn.handOver('/error');
}

const signInFirst = /^\/(login\/?)?$/.test(window.location.pathname) && getTokens() === null;
void (signInFirst ? startSignIn() : startApp());
