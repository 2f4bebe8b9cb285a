// The skills routes of `npm run bench` (issue 14): the triad's skill list, and a save of 50 ratings.

/** Ratings one measured save carries. */
export const BENCH_RATINGS = 50;

/** @param {string} baseUrl @param {string} path @param {Record<string, string>} headers */
async function getJson(baseUrl, path, headers) {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

/** @param {import('@lea/shared').SkillCategoryView[]} categories @returns {import('@lea/shared').SkillView[]} */
const skillsOf = (categories) => categories.flatMap((category) => [...category.skills, ...skillsOf(category.daughters)]);

/**
 * The bench user's first triad: GET of its skills, and a save of 50 levels in the open session. The
 * demo's grid is smaller: the manager first adds skills to the session's first category through the
 * back-office calls. Every save changes the 50 levels (1 to 4 in turn), so each one writes its
 * answers and their history lines.
 * @param {string} baseUrl @param {Record<string, string>} bearer @param {Record<string, string>} manager
 * @returns {Promise<import('../bench.mjs').Route[]>}
 */
export async function skillRoutes(baseUrl, bearer, manager) {
  const courses = await getJson(baseUrl, '/api/fr/app/training/list?archive=1', bearer);
  const course = courses.trainingCourses[0];
  const triads = await getJson(baseUrl, `/api/fr/app/triad/list/${course.id}`, bearer);
  const triad = triads.triads[0];
  const listPath = `/api/fr/app/skill/${course.id}/${triad.id}/list`;
  /** @type {import('@lea/shared').SkillListResponse} */
  let list = await getJson(baseUrl, listPath, bearer);
  const session = list.skillSessions.find((entry) => entry.open);
  if (!session || !session.skillCategories[0]) throw new Error('the demo has no open skill session with a category');
  const category = session.skillCategories[0].id;
  for (let index = skillsOf(session.skillCategories).length; index < BENCH_RATINGS; index++) {
    const response = await fetch(`${baseUrl}/api/fr/app/lea-manager/${course.id}/skill/post`, {
      method: 'POST',
      headers: { ...manager, 'content-type': 'application/json' },
      body: JSON.stringify([{ code: 'skill', form: { name: `Compétence de mesure ${index + 1}`, category: String(category) } }]),
    });
    if (!response.ok || (await response.json()).hasError) throw new Error(`adding bench skill ${index + 1} failed`);
  }
  list = await getJson(baseUrl, listPath, bearer);
  const ids = skillsOf(list.skillSessions.find((entry) => entry.id === session.id)?.skillCategories ?? [])
    .filter((skill) => !skill.computed)
    .slice(0, BENCH_RATINGS)
    .map((skill) => skill.id);
  let turn = 0;
  return [
    { name: 'GET skill list', method: 'GET', path: listPath, headers: bearer },
    {
      name: `POST skill save (${ids.length} ratings)`,
      method: 'POST',
      path: `/api/fr/app/skill/${course.id}/${triad.id}/save/${session.id}`,
      headers: bearer,
      requests: [
        {
          setupRequest: (request) => {
            turn += 1;
            return {
              ...request,
              body: JSON.stringify({ skills: Object.fromEntries(ids.map((id, index) => [id, ((index + turn) % 4) + 1])) }),
            };
          },
        },
      ],
    },
  ];
}
