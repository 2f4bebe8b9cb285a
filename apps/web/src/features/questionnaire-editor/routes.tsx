import { Navigate, type RouteObject } from 'react-router';
import { page } from '../../shell/lazy-page';

const editorPage = page(() => import('./pages/questionnaire-editor-page'));

/**
 * The questionnaire screens of the manager area (spec 3 §2.1–2.2), children of
 * /lea-manager/{trainingCourseId}; route names in `handle.name`. The categories' list and forms
 * (`questionnaire/category[/add|/edit/{id}]`) are the back-office pages of the entity questionnaire-category.
 */
export const questionnaireEditorRoutes: RouteObject[] = [
  {
    path: 'questionnaire',
    handle: { name: 'leaManagerQuestionnaireList' },
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', ...page(() => import('./pages/questionnaire-list-page')) },
      { path: 'add', handle: { name: 'leaManagerQuestionnaireAdd' }, ...editorPage },
      { path: 'edit/:id', handle: { name: 'leaManagerQuestionnaireEdit' }, ...editorPage },
    ],
  },
  { path: 'dashboard', handle: { name: 'leaManagerDashboard' }, ...page(() => import('./pages/signature-dashboard-page')) },
  { path: 'gradeBook-dashboard', handle: { name: 'leaManagerGradeBookDashboard' }, ...page(() => import('./pages/grades-dashboard-page')) },
  { path: 'skill-dashboard', handle: { name: 'leaManagerSkillDashboard' }, ...page(() => import('./pages/skill-dashboard-page')) },
];
