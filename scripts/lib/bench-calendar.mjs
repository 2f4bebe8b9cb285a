// The calendar route of `npm run bench` (issue 15): the month view of a triad whose crew has a year of
// planning (the demo seeds one per crew of its course, about 800 events), measured on one connection.

/** @param {string} baseUrl @param {string} path @param {Record<string, string>} headers */
async function getJson(baseUrl, path, headers) {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
const dayOf = (/** @type {Date} */ date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/**
 * The bench user's first triad: checks that it has a year of planning, then measures the month view's call
 * (the six weeks FullCalendar shows, with the planning).
 * @param {string} baseUrl @param {Record<string, string>} bearer
 * @returns {Promise<import('../bench.mjs').Route[]>}
 */
export async function calendarRoutes(baseUrl, bearer) {
  const courses = await getJson(baseUrl, '/api/fr/app/training/list?archive=1', bearer);
  const course = courses.trainingCourses[0];
  const triads = await getJson(baseUrl, `/api/fr/app/triad/list/${course.id}`, bearer);
  const triad = triads.triads[0];
  const now = new Date();
  // The demo's school year (apps/server/src/seed/demo-calendar.ts): from September of the year running today.
  const schoolYear = now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const september = new Date(Date.UTC(schoolYear, 8, 1));
  const year = await getJson(
    baseUrl,
    `/api/fr/app/event/list/${triad.id}?startDate=${dayOf(september)}&endDate=${dayOf(new Date(september.getTime() + 364 * 86_400_000))}&includePlanning=1`,
    bearer,
  );
  if (year.length < 300) throw new Error(`the bench triad has ${year.length} events over a year, not a year of planning`);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const start = new Date(first.getTime() - ((first.getUTCDay() + 6) % 7) * 86_400_000);
  const end = new Date(start.getTime() + 41 * 86_400_000);
  return [
    {
      name: `GET event list, month view (${year.length} events in the year)`,
      method: 'GET',
      path: `/api/fr/app/event/list/${triad.id}?startDate=${dayOf(start)}&endDate=${dayOf(end)}&includePlanning=1`,
      headers: bearer,
      connections: 1,
      large: true,
      target: 50,
    },
  ];
}
