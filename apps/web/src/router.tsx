import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ROLE_ADMIN } from '@lea/shared';
import { questionnaireEditorRoutes } from './features/questionnaire-editor/routes';
import { prefetchCourseList } from './features/training/api';
import { RequireRole } from './shell/guards';
import { PageLoader } from './shell/page-loader';
import { createRouterContext, prefetchHomeData, prefetchShellData } from './shell/shell-loader';

type PageModule = { default: React.ComponentType };
/**
 * Each page is its own lazy chunk; the login route stays small. The loader shows while the first
 * page's code arrives (React Router asks every lazy route of a page load for this fallback).
 */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> => ({
  lazy: async () => ({ Component: (await load()).default }),
  HydrateFallback: PageLoader,
});

/**
 * The manager's triad module (spec 3 §2.1), under /lea-manager/{course}/triad: the crew widgets
 * and the send-infos screen; the entities' list, form and import screens (`triad/crew/add`,
 * `triad/contract/{triadId}`…) are the back-office pages of the area's catch-all route.
 */
const managerTriadRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./features/manager/pages/triad-list-page')) },
  {
    path: 'send-user-infos',
    handle: { name: 'leaManagerTriadSendUserInfos' },
    ...page(() => import('./features/manager/pages/send-user-infos-page')),
  },
];

/** Every back-office entity's screens, found from the area's declarations (apps/web/src/back-office). */
const entityRoutePage = page(() => import('./back-office/pages/entity-route-page'));

/** MODULE_LEA_DOCUMENT (spec 2 §2): the list, the add-document and add-note forms, and the author's edit. */
const documentFormPage = page(() => import('./features/document/pages/document-form-page'));
const documentRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./features/document/pages/document-page')) },
  { path: 'add/doc', handle: { name: 'addDocument', module: 'MODULE_LEA_DOCUMENT' }, ...documentFormPage },
  { path: 'add/note', handle: { name: 'addNote', module: 'MODULE_LEA_DOCUMENT' }, ...documentFormPage },
  { path: 'edit/doc/:id', handle: { name: 'editDocument', module: 'MODULE_LEA_DOCUMENT' }, ...documentFormPage },
  { path: 'edit/note/:id', handle: { name: 'editNote', module: 'MODULE_LEA_DOCUMENT' }, ...documentFormPage },
];

/** The route table of spec 1 §2.1. Route names are kept in `handle.name`. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  {
    path: '/login',
    ...page(() => import('./features/auth/pages/login-layout')),
    children: [
      { index: true, handle: { name: 'Login' }, ...page(() => import('./features/auth/pages/login-page')) },
      {
        path: 'reset-password',
        handle: { name: 'loginResetPassword' },
        ...page(() => import('./features/auth/pages/reset-password-page')),
      },
      {
        path: 'new-password/:hash',
        handle: { name: 'loginNewPassword' },
        ...page(() => import('./features/auth/pages/new-password-page')),
      },
      {
        path: 'confirm-email/:token',
        handle: { name: 'loginConfirmEmail' },
        ...page(() => import('./features/auth/pages/confirm-email-page')),
      },
      { path: 'switch', handle: { name: 'loginSwitch' }, ...page(() => import('./features/auth/pages/login-switch-page')) },
    ],
  },
  { path: '/error', handle: { name: 'error' }, ...page(() => import('./shell/error-page')) },
  {
    // The shell's calls start with the page's code, not after it: see prefetchShellData.
    loader: prefetchShellData,
    ...page(() => import('./shell/app-layout')),
    children: [
      { path: '/profile/:id', handle: { name: 'profile' }, ...page(() => import('./features/profile/pages/profile-page')) },
      {
        path: '/dashboard',
        handle: { name: 'dashboardLayout' },
        children: [
          { index: true, element: <Navigate to="home" replace /> },
          {
            path: 'home',
            handle: { name: 'Dashboard' },
            loader: prefetchHomeData,
            ...page(() => import('./features/dashboard/pages/home-page')),
          },
          {
            path: 'training-course-list',
            handle: { name: 'TrainingCourseList' },
            loader: prefetchCourseList,
            ...page(() => import('./features/training/pages/training-course-list-page')),
          },
          {
            path: 'questionnaires',
            handle: { name: 'MODULE_LEA_QUESTIONNAIRE', module: 'MODULE_LEA_QUESTIONNAIRE' },
            ...page(() => import('./features/questionnaire/pages/questionnaire-list-page')),
          },
          {
            path: 'notepad',
            handle: { name: 'MODULE_LEA_NOTEPAD', module: 'MODULE_LEA_NOTEPAD' },
            ...page(() => import('./features/notepad/pages/notepad-page')),
          },
          { path: 'document', handle: { name: 'MODULE_LEA_DOCUMENT', module: 'MODULE_LEA_DOCUMENT' }, children: documentRoutes },
          {
            path: 'questionnaire/:triadId/:questionnaireId',
            handle: { name: 'questionnaire' },
            ...page(() => import('./features/questionnaire/pages/questionnaire-page')),
          },
        ],
      },
      {
        path: '/lea-manager/:trainingCourseId',
        handle: { name: 'leaManager' },
        ...page(() => import('./features/manager/pages/manager-layout')),
        children: [
          { index: true, handle: { name: 'leaManagerHome' }, ...page(() => import('./features/manager/pages/manager-home-page')) },
          { path: 'config', handle: { name: 'leaManagerHome' }, ...page(() => import('./features/manager/pages/manager-home-page')) },
          { path: 'triad', handle: { name: 'leaManagerTriadList' }, children: managerTriadRoutes },
          ...questionnaireEditorRoutes,
          { path: '*', handle: { name: 'leaManagerEntity', titledByPage: true }, ...entityRoutePage },
        ],
      },
      {
        path: '/admin',
        handle: { name: 'admin' },
        element: (
          <RequireRole role={ROLE_ADMIN}>
            <AdminLayoutLoader />
          </RequireRole>
        ),
        children: [
          { index: true, handle: { name: 'adminHome' }, ...page(() => import('./features/admin/pages/admin-home-page')) },
          { path: '*', handle: { name: 'adminEntity', titledByPage: true }, ...entityRoutePage },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/error" replace state={{ code: 404 }} /> },
];

const AdminLayout = lazy(() => import('./features/admin/pages/admin-layout'));

function AdminLayoutLoader() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AdminLayout />
    </Suspense>
  );
}

/** The browser's router; its loaders prefetch into the app's query client. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes, { getContext: () => createRouterContext(queryClient) });
}
