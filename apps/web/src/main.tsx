import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { i18nReady } from './i18n';
import { createAppRouter } from './router';
import { designQuery } from './shell/design';
import { createQueryClient, Providers } from './shell/providers';
import './shell/global.css';

// The two know each other only here: a failed page call opens the router's error page, and the
// route loaders prefetch into the query client.
const queryClient = createQueryClient((code) => void router.navigate('/error', { state: { code } }));
const router = createAppRouter(queryClient);
// Whether a navigation is loading its route ('loading', 'submitting') or done ('idle'), on <html>:
// the browser journeys that move inside the app wait for it before reading the page.
document.documentElement.dataset.navigation = router.state.navigation.state;
router.subscribe((state) => {
  document.documentElement.dataset.navigation = state.navigation.state;
});
// Every page's look: asked for now, beside the code and texts, not when the theme first renders.
// Its logos are asked for as soon as it answers, not once the page that shows them has rendered.
void queryClient.fetchQuery(designQuery).then(
  ({ logos }) => {
    for (const logo of [logos.logoType, logos.logoCfa, logos.logoHomepage]) if (logo) new Image().src = logo;
  },
  () => undefined,
);

// The texts of the shown language arrive beside the first page's code (the router starts loading it above).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
