import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { setSignInNavigation } from './features/auth/sign-in-navigation';
import { createAppRouter } from './router';
import { Providers } from './shell/providers';
import './shell/global.css';

export { startSession } from './features/auth/post-login';

/**
 * The whole app (router, Mantine, every page) drawn at the current address; main.tsx starts it at once, or the sign-in
 * page hands over to it (decision 034). Returns its router, which opens the error page of a failed page call.
 */
export function mountApp(queryClient: QueryClient) {
  const router = createAppRouter(queryClient);
  // Whether a navigation is loading its route ('loading', 'submitting') or done ('idle'), on <html>:
  // the browser journeys that move inside the app wait for it before reading the page.
  document.documentElement.dataset.navigation = router.state.navigation.state;
  router.subscribe((state) => {
    document.documentElement.dataset.navigation = state.navigation.state;
  });
  setSignInNavigation((to) => void router.navigate(to));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return router;
}
