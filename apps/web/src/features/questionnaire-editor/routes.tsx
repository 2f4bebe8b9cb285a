import { Navigate, type RouteObject } from 'react-router';

type PageModule = { default: React.ComponentType };
/** Each page is its own lazy chunk. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const editorPage = page(() => import('./pages/questionnaire-editor-page'));
const categoryFormPage = page(() => import('./pages/category-form-page'));

/**
 * The questionnaire screens of the manager area (spec 3 §2.1–2.2), children of
 * /lea-manager/{trainingCourseId}; route names in `handle.name`.
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
      {
        path: 'category',
        handle: { name: 'leaManagerQuestionnaireCategoryList' },
        children: [
          { index: true, ...page(() => import('./pages/category-list-page')) },
          { path: 'add', handle: { name: 'leaManagerQuestionnaireCategoryAdd' }, ...categoryFormPage },
          { path: 'edit/:id', handle: { name: 'leaManagerQuestionnaireCategoryEdit' }, ...categoryFormPage },
        ],
      },
    ],
  },
  { path: 'dashboard', handle: { name: 'leaManagerDashboard' }, ...page(() => import('./pages/signature-dashboard-page')) },
  { path: 'gradeBook-dashboard', handle: { name: 'leaManagerGradeBookDashboard' }, ...page(() => import('./pages/grades-dashboard-page')) },
];
