import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Tokens } from '../../shell/session';
import { SignInForms } from './components/sign-in-forms';
import { SignInLayout } from './components/sign-in-layout';
import { prefetchAppOnFirstFocus } from './prefetch-app';
import { setSignInNavigation } from './sign-in-navigation';

export type HandOver = (path: string, session?: { tokens: Tokens; stayConnected: boolean }) => Promise<void>;

/**
 * The login opened first (decision 034): its layout and forms drawn with React, TanStack Query and i18next only, which is
 * all the first page of most visits needs. A link of the page, or a new session, hands over to the whole app (main.tsx),
 * which the router then draws at its address.
 */
export function mountSignIn(queryClient: QueryClient, { handOver }: { handOver: HandOver }) {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  prefetchAppOnFirstFocus(container);
  setSignInNavigation((to) => void handOver(to));
  const signedIn = (tokens: Tokens, stayConnected: boolean) => handOver('/', { tokens, stayConnected });
  // In a transition: React draws the page in slices of a few milliseconds, yielding between them, rather than in one
  // long task. Not the app (app.tsx): its stores' updates redo its first render at once (docs/performance.md).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <SignInLayout>
            <SignInForms onAuthenticated={signedIn} />
          </SignInLayout>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  return { unmount: () => root.unmount(), handOver: (path: string) => handOver(path) };
}
