// The messaging routes of `npm run bench` (issue 16): the message list of a user with 500 messages,
// and the unread count (user/me's userNewMessage, the header's envelope) over them.

/** Messages the bench user receives before the measures. */
export const BENCH_MESSAGES = 500;
const WRITERS = 10;

/** @param {string} baseUrl @param {string} path @param {Record<string, string>} headers */
async function getJson(baseUrl, path, headers) {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

/**
 * The tutor writes 500 messages (one conversation each, 10 at a time, through the API) to the bench
 * user, the apprentice of the demo's first triad, who then has 500 conversations, all unread.
 * @param {string} baseUrl @param {Record<string, string>} bearer the bench user's @param {Record<string, string>} tutor
 * @returns {Promise<import('../bench.mjs').Route[]>}
 */
export async function messageRoutes(baseUrl, bearer, tutor) {
  const me = await getJson(baseUrl, '/api/fr/app/user/me', bearer);
  const courses = await getJson(baseUrl, '/api/fr/app/training/list?archive=1', bearer);
  const course = courses.trainingCourses[0];
  let next = 0;
  const write = async () => {
    for (let index = next++; index < BENCH_MESSAGES; index = next++) {
      const response = await fetch(`${baseUrl}/api/fr/app/message/post`, {
        method: 'POST',
        headers: { ...tutor, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Message de mesure ${index + 1}`,
          text: `<p>Bonjour, voici le point <strong>${index + 1}</strong> de la semaine.</p>`,
          trainingCourse: course.id,
          messageRecipients: [{ recipient: me.id, profile: 1 }],
          notification: false,
        }),
      });
      if (!response.ok) throw new Error(`bench message ${index + 1} answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, write));
  const after = await getJson(baseUrl, '/api/fr/app/user/me', bearer);
  if (after.userNewMessage < BENCH_MESSAGES) throw new Error(`the bench user has ${after.userNewMessage} unread messages`);
  return [
    { name: `GET message list (${BENCH_MESSAGES} messages)`, method: 'GET', path: '/api/fr/app/message/list/', headers: bearer },
    { name: `GET user/me (${BENCH_MESSAGES} unread messages)`, method: 'GET', path: '/api/fr/app/user/me', headers: bearer },
  ];
}
