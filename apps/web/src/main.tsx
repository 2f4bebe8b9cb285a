import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { createAppRouter } from './router';
import { createQueryClient, Providers } from './shell/providers';
import './shell/global.css';

// The two know each other only here: a failed page call opens the router's error page, and the
// route loaders prefetch into the query client.
const queryClient = createQueryClient((code) => void router.navigate('/error', { state: { code } }));
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
