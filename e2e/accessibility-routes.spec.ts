import { test as base, expect as baseExpect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginForm } from './fixtures/auth';
import { axeViolations } from './fixtures/axe';
import { webRoutes, type TableRoute } from './fixtures/route-table';
import { readRunEnv } from './fixtures/run-env';
import { seedCourse, type DemoUsername, type SeededCourse } from './fixtures/seed';

/**
 * Every route of the web app's route table (apps/web/src/router.tsx, read by e2e/fixtures/route-table.ts),
 * checked by axe-core with the WCAG 2.0 and 2.1 A and AA rules (issue 19 §6), for each profile that opens
 * it: signed out for the login pages, the apprentice, tutor, apprenticeship master and manager for the
 * booklet's screens, the manager for his course's area, the admin for the platform's. A route added to
 * the table is checked without editing this file; a route with params needs a way to its ids below
 * (`PARAMS`), and the first test fails until it has one. The back-office catch-alls (`*`) are expanded
 * from what the server declares (GET …/generic/entities): each entity's list, add, singleton and import
 * screens. Everything runs on a course seeded for the worker; the visits only read.
 *
 * Each profile signs in once per worker ("stay connected", so the token is in the context's
 * localStorage) and each test opens its own page in that context.
 */

/** Pages wait on the server and on their code: room for a loaded machine, no timed assertion. */
const expect = baseExpect.configure({ timeout: 30_000 });

type Profile = 'signedOut' | 'apprentice' | 'tutor' | 'master' | 'manager' | 'admin';
type SignedIn = Exclude<Profile, 'signedOut'>;

const PEOPLE: Record<SignedIn, DemoUsername> = {
  apprentice: 'apprenti',
  tutor: 'tuteur',
  master: 'maitre',
  manager: 'manager',
  admin: 'admin',
};
const BOOKLET: SignedIn[] = ['apprentice', 'tutor', 'master', 'manager'];

/** Who opens a path of the table. */
function profilesOf(path: string): Profile[] {
  if (path.startsWith('/login') || path === '/error') return ['signedOut'];
  if (path.startsWith('/profile/')) return [...BOOKLET, 'admin'];
  // A manager adds no document or note to a triad (spec 2 §3), so he has none to edit.
  if (path.startsWith('/dashboard/document/edit/')) return ['apprentice', 'tutor', 'master'];
  if (path.startsWith('/dashboard/')) return BOOKLET;
  if (path.startsWith('/lea-manager/')) return ['manager'];
  if (path === '/admin' || path.startsWith('/admin/')) return ['admin'];
  return [];
}

/** What a route's params are given: an id of the seeded course (null when it holds none: the test fails). */
type Resolve = (context: { profile: Profile; course: SeededCourse; api: Api }) => Promise<string | null>;
type Api = (path: string) => Promise<unknown>;

const triad = (course: SeededCourse) => course.triadIds.apprenti!;
const courseId = (course: SeededCourse) => course.courseIds[0];
type Listed = { id: number; type?: number; canEdit?: boolean };

/** A document or note of the triad that this profile may edit (type 1 a document, 2 a note). */
async function editableDocument(api: Api, course: SeededCourse, type: 1 | 2): Promise<number | null> {
  const { categories } = (await api('/app/document/categories')) as { categories: { code: string }[] };
  for (const code of [...categories.map((category) => category.code), 'note']) {
    const { documents } = (await api(`/app/document/${triad(course)}/${code}/list`)) as { documents: Listed[] };
    const found = documents.find((document) => document.type === type && document.canEdit);
    if (found) return found.id;
  }
  return null;
}

async function firstMessage(api: Api, query = ''): Promise<number | null> {
  const { messages } = (await api(`/app/message/list/${query}`)) as { messages: Listed[] };
  return messages[0]?.id ?? null;
}

async function firstNews(api: Api): Promise<number | null> {
  const { items } = (await api('/app/news?page=1')) as { items: Listed[] };
  return items[0]?.id ?? null;
}

/** The first questionnaire of a list by year and category (the booklet's, or the manager's editor list). */
async function firstQuestionnaire(api: Api, path: string): Promise<number | null> {
  const { years } = (await api(path)) as { years: { categories: { questionnaires: Listed[] }[] }[] };
  return years[0]?.categories[0]?.questionnaires[0]?.id ?? null;
}

const withId = (path: string, id: number | null) => (id === null ? null : path.replace(/:\w+\??$/, String(id)));
const managerPath = (path: string, course: SeededCourse) => path.replace(':trainingCourseId', String(courseId(course)));

/** How each route with params gets them. A new route with params fails the first test until it is here. */
const PARAMS: Record<string, Resolve> = {
  '/login/new-password/:hash': async () => '/login/new-password/an-unknown-or-expired-link-0123456789abcdef',
  '/login/confirm-email/:token': async () => '/login/confirm-email/an-unknown-or-expired-link-0123456789abcdef',
  '/login/email/:token': async () => '/login/email/an-unknown-or-expired-link-0123456789abcdef',
  '/profile/:id': async ({ profile, course }) => `/profile/${course.people[PEOPLE[profile as SignedIn]].id}`,
  '/dashboard/document/edit/doc/:id': async ({ api, course }) =>
    withId('/dashboard/document/edit/doc/:id', await editableDocument(api, course, 1)),
  '/dashboard/document/edit/note/:id': async ({ api, course }) =>
    withId('/dashboard/document/edit/note/:id', await editableDocument(api, course, 2)),
  '/dashboard/message/:id': async ({ api }) => withId('/dashboard/message/:id', await firstMessage(api)),
  '/dashboard/lesson/:id': async ({ api, course }) => {
    const { subjects } = (await api(`/app/lesson/list/${triad(course)}`)) as { subjects: { lessons: Listed[] }[] };
    return withId('/dashboard/lesson/:id', subjects.flatMap((subject) => subject.lessons)[0]?.id ?? null);
  },
  '/dashboard/news/:id': async ({ api }) => withId('/dashboard/news/:id', await firstNews(api)),
  '/dashboard/questionnaire/:triadId/:questionnaireId': async ({ api, course }) =>
    withId(
      `/dashboard/questionnaire/${triad(course)}/:questionnaireId`,
      await firstQuestionnaire(api, `/app/questionnaire/list/${triad(course)}`),
    ),
  '/lea-manager/:trainingCourseId/skill/generate-questionnaire/:sessionId?': async ({ course }) =>
    managerPath('/lea-manager/:trainingCourseId/skill/generate-questionnaire', course),
  '/lea-manager/:trainingCourseId/questionnaire/edit/:id': async ({ api, course }) =>
    withId(
      managerPath('/lea-manager/:trainingCourseId/questionnaire/edit/:id', course),
      await firstQuestionnaire(api, `/app/lea-manager/${courseId(course)}/questionnaires`),
    ),
  '/lea-manager/:trainingCourseId/messaging/:id': async ({ api, course }) =>
    withId(
      managerPath('/lea-manager/:trainingCourseId/messaging/:id', course),
      await firstMessage(api, `?trainingCourse=${courseId(course)}`),
    ),
  '/admin/news/:id': async ({ api }) => withId('/admin/news/:id', await firstNews(api)),
};

/** Paths whose only param is the course: every other param needs an entry in PARAMS. */
const hasParams = (path: string) => path.includes(':');
const courseOnly = (path: string) => path.replace(':trainingCourseId', '').includes(':') === false;

const ROUTES = webRoutes();
/** The back-office catch-alls: their screens are the server's entities (tests of their own below). */
const isCatchAll = (route: TableRoute) => route.path.endsWith('/*');
const pages = ROUTES.filter((route) => !route.redirect && !isCatchAll(route) && route.path !== '/*');

/** One page per profile and worker, kept from route to route (dropped when a check fails). */
type RoutePages = { open: (profile: Profile) => Promise<Page>; drop: (profile: Profile) => Promise<void> };
type Fixtures = { course: SeededCourse; sessions: (profile: Profile) => Promise<BrowserContext>; routePages: RoutePages };

const test = base.extend<Record<never, never>, Fixtures>({
  course: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      // With the demo's conversations: the message screens need one to open.
      await use(await seedCourse({ messages: true }));
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  sessions: [
    async ({ browser, course }, use) => {
      const contexts = new Map<Profile, Promise<BrowserContext>>();
      const open = async (profile: Profile) => {
        const context = await browser.newContext({
          baseURL: readRunEnv('baseUrl'),
          locale: 'fr-FR',
          timezoneId: 'Europe/Paris',
          viewport: { width: 1280, height: 800 },
        });
        if (profile === 'signedOut') return context;
        const page = await context.newPage();
        await page.goto('/login');
        await loginForm.username(page).fill(course.people[PEOPLE[profile]].username);
        await loginForm.password(page).fill(DEMO_PASSWORD);
        await page.getByRole('checkbox', { name: 'Rester connecté' }).check();
        await loginForm.submit(page).click();
        await expect(page).not.toHaveURL(/\/login(\/|\?|$)/, { timeout: 60_000 });
        // The booklet's screens read the working triad from localStorage (spec 1 §3.2): the seeded main triad.
        await page.evaluate(
          ([triadId, trainingCourseId]) => {
            localStorage.setItem('lea_previous_triad', String(triadId));
            localStorage.setItem('lea_previous_training_course', String(trainingCourseId));
          },
          [triad(course), courseId(course)],
        );
        await page.close();
        return context;
      };
      await use((profile) => {
        let context = contexts.get(profile);
        if (!context) contexts.set(profile, (context = open(profile)));
        return context;
      });
      for (const context of contexts.values()) await (await context).close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  routePages: [
    async ({ sessions }, use) => {
      const opened = new Map<Profile, Promise<Page>>();
      const drop = async (profile: Profile) => {
        const page = opened.get(profile);
        opened.delete(profile);
        if (page) await (await page).close().catch(() => undefined);
      };
      await use({
        open: (profile) => {
          let page = opened.get(profile);
          if (!page) opened.set(profile, (page = sessions(profile).then((context) => context.newPage())));
          return page;
        },
        drop,
      });
      for (const profile of [...opened.keys()]) await drop(profile);
    },
    { scope: 'worker' },
  ],
});

// A page, its data and axe take seconds on a loaded two-core machine: room for it, no timed assertion.
test.describe.configure({ timeout: 180_000 });

/** Calls `/api/fr{path}` with the token the context keeps (read from its storage: the page may not be open yet). */
function apiOf(page: Page): Api {
  return async (path) => {
    const { origins } = await page.context().storageState();
    const token = origins.flatMap((origin) => origin.localStorage).find((entry) => entry.name === 'lea_token')?.value;
    const response = await page.request.get(`/api/fr${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    expect(response.ok(), `GET ${path}: ${response.status()}`).toBe(true);
    return response.json();
  };
}

/** Waits until the screen has its data: no page loader, no spinner. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('page-loader')).toHaveCount(0);
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
}

/**
 * Moves the app to a path as a link would (history and the router's popstate), without reloading
 * it, then waits for the page to settle: the router done loading the route (`data-navigation`, set
 * by main.tsx), the DOM quiet for a moment, no loader left. A reload per route cost about a second
 * of the app's start each time.
 */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    document.documentElement.dataset.navigation = 'loading';
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('html[data-navigation="idle"]')).toHaveCount(1);
  for (let round = 0; round < 20; round += 1) {
    await quietDom(page);
    const loading = await page.evaluate(
      () =>
        document.querySelector('[data-testid="page-loader"]') !== null ||
        [...document.querySelectorAll<HTMLElement>('.mantine-Loader-root')].some((loader) => loader.offsetParent !== null),
    );
    if (!loading) return;
  }
  await settle(page);
}

/** Resolves once the page's DOM has not changed for 150 ms (at most 10 s). */
async function quietDom(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, 150);
        const deadline = setTimeout(done, 10_000);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, 150);
        });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(deadline);
          resolve();
        }
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
  );
}

/**
 * Opens a path as the profile and returns its violations, each line prefixed with the path: the
 * profile's first route by a page load, the next ones inside the running app.
 */
async function check(page: Page, profile: Profile, path: string): Promise<string[]> {
  const url = new URL(page.url());
  const started = url.protocol.startsWith('http') && url.pathname !== '/login';
  if (started && url.pathname + url.search !== path) {
    await navigateInApp(page, path);
    // A screen that went elsewhere on its own (or kept the app where it was) is opened as before, by a page load.
    const landed = new URL(page.url());
    if (landed.pathname + landed.search !== path) await page.goto(path);
  } else if (!started || profile === 'signedOut') await page.goto(path);
  if (profile !== 'signedOut') await expect(page).not.toHaveURL(/\/login(\/|\?|$)/);
  await settle(page);
  return (await axeViolations(page)).map((line) => `${profile} ${path}: ${line}`);
}

test('every route of the table is checked: a profile opens it and its params have a source', () => {
  const unowned = pages.filter((route) => profilesOf(route.path).length === 0).map((route) => route.path);
  const noParams = pages
    .filter((route) => hasParams(route.path) && !courseOnly(route.path) && !PARAMS[route.path])
    .map((route) => route.path);
  expect(unowned, 'routes no profile opens (profilesOf)').toEqual([]);
  expect(noParams, 'routes with params and no way to their ids (PARAMS)').toEqual([]);
  expect(
    ROUTES.filter((route) => isCatchAll(route) && !route.redirect).map((route) => route.path),
    // The news entity's screens have their own route (news/:id would take `manage`); the admin area's entities cover them.
    'the back-office catch-alls this file expands',
  ).toEqual(['/lea-manager/shared-document/*', '/lea-manager/:trainingCourseId/*', '/admin/news/manage/*', '/admin/*']);
});

for (const profile of ['signedOut', 'apprentice', 'tutor', 'master', 'manager', 'admin'] as const) {
  test.describe(profile, () => {
    for (const route of pages.filter((candidate) => profilesOf(candidate.path).includes(profile))) {
      test(route.path, async ({ routePages, course }) => {
        const page = await routePages.open(profile);
        try {
          const resolve = PARAMS[route.path];
          const path = resolve ? await resolve({ profile, course, api: apiOf(page) }) : managerPath(route.path, course);
          if (path === null) throw new Error(`the seeded course holds nothing of ${route.path} for the ${profile}`);
          expect(await check(page, profile, path)).toEqual([]);
        } catch (error) {
          // A failed screen may leave the app in any state: the next route starts from a fresh page.
          await routePages.drop(profile);
          throw error;
        }
      });
    }
  });
}

/** The main dialogs, opened with their button on a page that has one: the help, an absence to announce or justify, a note. */
const DIALOGS: { profile: SignedIn; path: string; button: string | RegExp }[] = [
  { profile: 'apprentice', path: '/dashboard/home', button: 'Aide' },
  { profile: 'apprentice', path: '/dashboard/timetable/calendar', button: 'Annoncer une absence' },
  { profile: 'apprentice', path: '/dashboard/timetable/list/absence', button: 'Justifier' },
  { profile: 'apprentice', path: '/dashboard/notepad', button: 'Ajouter une note' },
];

for (const dialog of DIALOGS) {
  test(`${dialog.profile} ${dialog.path}: the dialog of "${String(dialog.button)}"`, async ({ sessions }) => {
    const page = await (await sessions(dialog.profile)).newPage();
    try {
      await page.goto(dialog.path);
      await settle(page);
      await page.getByRole('button', { name: dialog.button }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
}

/** One entity of a back-office area, as GET …/generic/entities declares it. */
type Entity = {
  alias: string;
  parent: string | null;
  screen: { path: string };
  can: { list: boolean; add: boolean; import: boolean; singleton?: boolean };
};

/** The screens of an area's entities: list, add form, singleton form, import; parents by the seeded triad. */
function entityScreens(entities: Entity[], base: string, course: SeededCourse): string[] {
  return entities.flatMap((entity) => {
    const parent = entity.parent === null ? '' : entity.parent === 'triad' ? `/${triad(course)}` : null;
    if (parent === null) return [];
    const root = `${base}/${entity.screen.path}${parent}`;
    if (entity.can.singleton) return [`${root}/edit`];
    return [
      ...(entity.can.list ? [root] : []),
      ...(entity.can.add ? [`${root}/add`] : []),
      ...(entity.can.import ? [`${root}/import`] : []),
    ];
  });
}

const AREAS = [
  {
    name: 'the manager area',
    profile: 'manager',
    api: (course: SeededCourse) => `/app/lea-manager/${courseId(course)}`,
    base: (course: SeededCourse) => `/lea-manager/${courseId(course)}`,
  },
  { name: 'the shared documents', profile: 'manager', api: () => '/app/lea-manager', base: () => '/lea-manager' },
  { name: 'the admin area', profile: 'admin', api: () => '/app/admin', base: () => '/admin' },
] as const;
/** Each area's screens in a few tests, so that the two workers share them. */
const PARTS = 3;

for (const area of AREAS) {
  for (let part = 0; part < PARTS; part += 1) {
    test(`${area.name}: the entities' screens, part ${part + 1} of ${PARTS}`, async ({ sessions, course }) => {
      test.setTimeout(180_000);
      const page = await (await sessions(area.profile)).newPage();
      try {
        const { entities } = (await apiOf(page)(`${area.api(course)}/generic/entities`)) as { entities: Entity[] };
        const screens = entityScreens(entities, area.base(course), course)
          .filter((path) => area.name !== 'the manager area' || !path.startsWith('/lea-manager/shared-document'))
          .filter((_, index) => index % PARTS === part);
        const found: string[] = [];
        for (const path of screens) found.push(...(await check(page, area.profile, path)));
        expect(found).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
}
