import type { RouteObject } from 'react-router';
import { loadAllTexts } from '../i18n';
import { PageLoader } from './page-loader';

type PageModule = { default: React.ComponentType };
type LazyPage = Pick<RouteObject, 'lazy' | 'HydrateFallback'>;

/**
 * A page: its own lazy chunk, rendered once its code and all the texts are there. The loader shows while the
 * first page's code arrives (React Router asks every lazy route of a page load for this fallback).
 */
export const page = (load: () => Promise<PageModule>): LazyPage => ({
  lazy: async () => ({ Component: (await Promise.all([load(), loadAllTexts()]))[0].default }),
  HydrateFallback: PageLoader,
});

/**
 * A sign-in page (the /login family: login, password reset, e-mail and SSO sign-in, e-mail confirmation): it
 * needs only the sign-in texts (`FIRST_PAGE_NAMESPACES`), there before the app first renders, so these pages,
 * often opened first from a mail, load none of the others (decision 034).
 */
export const signInPage = (load: () => Promise<PageModule>): LazyPage => ({
  lazy: async () => ({ Component: (await load()).default }),
  HydrateFallback: PageLoader,
});
