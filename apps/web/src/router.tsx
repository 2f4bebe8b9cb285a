import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ROLE_ADMIN } from '@lea/shared';
import { questionnaireEditorRoutes } from './features/questionnaire-editor/routes';
import { prefetchCourseList } from './features/training/api';
import { RequireRole } from './shell/guards';
import { page, signInPage } from './shell/lazy-page';
import { PageLoader } from './shell/page-loader';
import { createRouterContext, prefetchHomeData, prefetchShellData } from './shell/shell-loader';

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
/** The manager's shared documents across his courses (spec 3 §2.1 `shared-document`): the shared area's screens. */
const sharedDocumentPage = page(() => import('./features/manager/pages/shared-document-page'));

/** MODULE_LEA_DOCUMENT (spec 2 §2): the list, the add-document and add-note forms, and the author's edit. */
const documentFormPage = page(() => import('./features/document/pages/document-form-page'));
const documentRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./features/document/pages/document-page')) },
  { path: 'add/doc', handle: { name: 'addDocument', module: 'MODULE_LEA_DOCUMENT' }, ...documentFormPage },
  { path: 'add/note', handle: { name: 'addNote', module: 'MODULE_LEA_DOCUMENT' }, ...documentFormPage },
  { path: 'edit/doc/:id', handle: { name: 'editDocument', module: 'MODULE_LEA_DOCUMENT' }, ...documentFormPage },
  { path: 'edit/note/:id', handle: { name: 'editNote', module: 'MODULE_LEA_DOCUMENT' }, ...documentFormPage },
];

/** MODULE_LEA_MESSAGE (spec 2 §2): one two-panel page for the list, a conversation (showMessage) and new-message mode. */
const messagePage = page(() => import('./features/message/pages/message-page'));
const messageRoutes: RouteObject[] = [
  { index: true, ...messagePage },
  { path: 'new', handle: { name: 'newMessage', module: 'MODULE_LEA_MESSAGE' }, ...messagePage },
  { path: ':id', handle: { name: 'showMessage', module: 'MODULE_LEA_MESSAGE' }, ...messagePage },
];

/** The manager area's messaging (spec 3 §2.1) and the course's reported messages. */
const managerMessagingPage = page(() => import('./features/message/pages/manager-messaging-page'));
const managerMessagingRoutes: RouteObject[] = [
  { index: true, ...managerMessagingPage },
  { path: 'new', handle: { name: 'leaManagerMessagingNew' }, ...managerMessagingPage },
  {
    path: 'reported',
    handle: { name: 'leaManagerMessagingReported' },
    ...page(() => import('./features/message/pages/reported-messages-page')),
  },
  { path: ':id', handle: { name: 'leaManagerMessagingShow' }, ...managerMessagingPage },
];

/** The route table of spec 1 §2.1. Route names are kept in `handle.name`. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  {
    path: '/login',
    ...signInPage(() => import('./features/auth/pages/login-layout')),
    children: [
      { index: true, handle: { name: 'Login' }, ...signInPage(() => import('./features/auth/pages/login-page')) },
      {
        path: 'reset-password',
        handle: { name: 'loginResetPassword' },
        ...signInPage(() => import('./features/auth/pages/reset-password-page')),
      },
      {
        path: 'new-password/:hash',
        handle: { name: 'loginNewPassword' },
        ...signInPage(() => import('./features/auth/pages/new-password-page')),
      },
      {
        path: 'confirm-email/:token',
        handle: { name: 'loginConfirmEmail' },
        ...signInPage(() => import('./features/auth/pages/confirm-email-page')),
      },
      { path: 'switch', handle: { name: 'loginSwitch' }, ...signInPage(() => import('./features/auth/pages/login-switch-page')) },
      { path: 'email', handle: { name: 'loginEmail' }, ...signInPage(() => import('./features/auth/pages/email-sign-in-page')) },
      { path: 'email/:token', handle: { name: 'loginEmailLink' }, ...signInPage(() => import('./features/auth/pages/email-link-page')) },
      { path: 'sso', handle: { name: 'loginSso' }, ...signInPage(() => import('./features/auth/pages/sso-page')) },
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
          {
            path: 'skills',
            handle: { name: 'MODULE_LEA_SKILL', module: 'MODULE_LEA_SKILL' },
            children: [
              { index: true, ...page(() => import('./features/skill/pages/skills-page')) },
              {
                path: 'stats',
                handle: { name: 'skillsStats', module: 'MODULE_LEA_SKILL', titledByPage: true },
                ...page(() => import('./features/skill/pages/skills-stats-page')),
              },
            ],
          },
          { path: 'document', handle: { name: 'MODULE_LEA_DOCUMENT', module: 'MODULE_LEA_DOCUMENT' }, children: documentRoutes },
          { path: 'message', handle: { name: 'MODULE_LEA_MESSAGE', module: 'MODULE_LEA_MESSAGE' }, children: messageRoutes },
          {
            path: 'lessons',
            handle: { name: 'MODULE_LEA_COURSE', module: 'MODULE_LEA_COURSE' },
            ...page(() => import('./features/lesson/pages/lessons-page')),
          },
          {
            path: 'lesson/:id',
            handle: { name: 'lesson', module: 'MODULE_LEA_COURSE' },
            ...page(() => import('./features/lesson/pages/lesson-page')),
          },
          {
            path: 'weblinks',
            handle: { name: 'MODULE_LEA_WEBLINKS', module: 'MODULE_LEA_WEBLINKS' },
            ...page(() => import('./features/weblink/pages/weblinks-page')),
          },
          {
            path: 'gradebook',
            handle: { name: 'MODULE_LEA_GRADEBOOK', module: 'MODULE_LEA_GRADEBOOK' },
            ...page(() => import('./features/gradebook/pages/gradebook-page')),
          },
          {
            path: 'attestations',
            handle: { name: 'MODULE_LEA_ATTESTATION', module: 'MODULE_LEA_ATTESTATION' },
            ...page(() => import('./features/attestation/pages/attestations-page')),
          },
          {
            path: 'timetable',
            handle: { name: 'MODULE_LEA_ABSENCE', module: 'MODULE_LEA_ABSENCE' },
            children: [
              { index: true, element: <Navigate to="calendar" replace /> },
              {
                path: 'calendar',
                handle: { name: 'absenceCalendar', module: 'MODULE_LEA_ABSENCE' },
                ...page(() => import('./features/calendar/pages/calendar-page')),
              },
              {
                path: 'list/absence',
                handle: { name: 'absenceList', module: 'MODULE_LEA_ABSENCE' },
                ...page(() => import('./features/calendar/pages/absence-list-page')),
              },
            ],
          },
          { path: 'news', handle: { name: 'news', titledByPage: true }, ...page(() => import('./features/news/pages/news-list-page')) },
          {
            path: 'news/:id',
            handle: { name: 'newsShow', titledByPage: true },
            ...page(() => import('./features/news/pages/news-detail-page')),
          },
          {
            path: 'questionnaire/:triadId/:questionnaireId',
            handle: { name: 'questionnaire' },
            ...page(() => import('./features/questionnaire/pages/questionnaire-page')),
          },
        ],
      },
      {
        // No crumb of its own: the page's title (list, add, edit) is the crumb.
        path: '/lea-manager/shared-document',
        ...page(() => import('./features/manager/pages/shared-document-layout')),
        children: [
          { index: true, handle: { name: 'leaManagerSharedDocumentList', titledByPage: true }, ...sharedDocumentPage },
          { path: '*', handle: { name: 'leaManagerSharedDocumentForm', titledByPage: true }, ...sharedDocumentPage },
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
          {
            path: 'skill',
            handle: { name: 'leaManagerSkills', titledByPage: true },
            ...page(() => import('./features/skill/pages/manager-skills-page')),
          },
          {
            path: 'skill/france-competence',
            handle: { name: 'leaManagerSkillRncp', titledByPage: true },
            ...page(() => import('./features/skill/pages/manager-rncp-page')),
          },
          {
            path: 'skill/generate-questionnaire/:sessionId?',
            handle: { name: 'leaManagerSkillGenerateQuestionnaire', titledByPage: true },
            ...page(() => import('./features/questionnaire-editor/pages/skill-generate-page')),
          },
          {
            path: 'module',
            handle: { name: 'leaManagerModule', titledByPage: true },
            ...page(() => import('./features/course-modules/pages/module-menu-page')),
          },
          ...questionnaireEditorRoutes,
          { path: 'messaging', handle: { name: 'leaManagerMessaging' }, children: managerMessagingRoutes },
          {
            path: 'lesson',
            handle: { name: 'leaManagerLessonList' },
            ...page(() => import('./features/lesson/pages/manager-lessons-page')),
          },
          {
            path: 'subject',
            handle: { name: 'leaManagerSubjectList' },
            ...page(() => import('./features/lesson/pages/manager-subjects-page')),
          },
          {
            path: 'absence',
            handle: { name: 'leaManagerAbsence' },
            ...page(() => import('./features/calendar/pages/manager-absence-page')),
          },
          {
            path: 'mail',
            handle: { name: 'leaManagerMail', titledByPage: true },
            ...page(() => import('./features/history/pages/course-mail-page')),
          },
          {
            path: 'history',
            handle: { name: 'leaManagerHistory', titledByPage: true },
            ...page(() => import('./features/history/pages/course-connections-page')),
          },
          {
            path: 'export',
            handle: { name: 'leaManagerExport', titledByPage: true },
            ...page(() => import('./features/export/pages/course-export-page')),
          },
          {
            path: 'qualiopi',
            handle: { name: 'leaManagerQualiopi', titledByPage: true },
            ...page(() => import('./features/manager/pages/qualiopi-page')),
          },
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
          { path: 'users', handle: { name: 'adminUsers', titledByPage: true }, ...page(() => import('./features/admin/pages/users-page')) },
          {
            path: 'history',
            handle: { name: 'adminHistory', titledByPage: true },
            ...page(() => import('./features/history/pages/admin-history-page')),
          },
          {
            path: 'statistic',
            handle: { name: 'adminStatistic', titledByPage: true },
            ...page(() => import('./features/admin/pages/statistics-page')),
          },
          {
            path: 'export',
            handle: { name: 'adminExport', titledByPage: true },
            ...page(() => import('./features/export/pages/admin-export-page')),
          },
          {
            path: 'news',
            handle: { name: 'adminNews', titledByPage: true },
            ...page(() => import('./features/news/pages/news-list-page')),
          },
          {
            path: 'news/manage/*',
            handle: { name: 'adminEntity', titledByPage: true },
            ...page(() => import('./features/news/pages/news-manage-page')),
          },
          {
            path: 'news/:id',
            handle: { name: 'adminNewsShow', titledByPage: true },
            ...page(() => import('./features/news/pages/news-detail-page')),
          },
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
