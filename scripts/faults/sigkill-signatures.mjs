// Fault (c), issue 19 §4: a server process killed with SIGKILL in the middle of many signatures.
// Five questionnaires signed by the apprentice alone are added to the 1,000-triad course with a shared
// draft (status 2, version 0) of each for FAULT_SIGNERS apprentices; those apprentices sign them all
// at once, FAULT_CONCURRENCY requests at a time across two processes, and the first process gets
// kill -9 once a third of its signatures have answered. Then, in the database, every prepared reply
// must be either fully signed (status 3, version 1, signed_at, exactly one reply_signatures row, its
// timeline entry) or untouched (status 2, version 0, no signed_at, no signature row), and every
// signature the client saw acknowledged must be in the database.
import { report } from '../lib/fault.mjs';
import { healthOf, loadText, prepareDatabase, signInAll, startProcesses } from '../lib/load.mjs';
import { withClient } from '../lib/pg-database.mjs';

const ADMIN_URL = process.env.FAULT_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SIGNERS = Number(process.env.FAULT_SIGNERS ?? 200);
const QUESTIONNAIRES = 5;
const CONCURRENCY = Number(process.env.FAULT_CONCURRENCY ?? 40);
const TITLE = 'Signature sous SIGKILL';

/** @param {string} url @returns {Promise<{ questionnaireIds: number[], signers: { username: string, triadId: number }[] }>} */
async function prepareReplies(url) {
  return withClient(url, async (client) => {
    const { rows: questionnaires } = await client.query(
      `insert into questionnaires (training_course_id, title, year, signed_by, access_dates)
       select t.training_course_id, $2 || ' ' || g, 1, '[1]'::jsonb, '{"all":{"startDate":"2025-09-01","endDate":"2027-08-31"}}'::jsonb
       from (select training_course_id from triads where id = (select t.id from triads t join users u on u.id = t.apprentice_id where u.username = $1)) t
       cross join generate_series(1, ${QUESTIONNAIRES}) g returning id`,
      ['banc-apprenti-0001', TITLE],
    );
    const questionnaireIds = questionnaires.map((/** @type {{ id: number }} */ row) => Number(row.id));
    const { rows: signers } = await client.query(
      `select u.username, t.id as triad_id from triads t join users u on u.id = t.apprentice_id
       where u.username like 'banc-apprenti-%' order by u.username limit $1`,
      [SIGNERS],
    );
    await client.query(
      `insert into replies (questionnaire_id, triad_id, profile, status, version)
       select q, t, 1, 2, 0 from unnest($1::int[]) q cross join unnest($2::int[]) t`,
      [questionnaireIds, signers.map((/** @type {{ triad_id: number }} */ row) => row.triad_id)],
    );
    return {
      questionnaireIds,
      signers: signers.map((/** @type {{ username: string, triad_id: number }} */ row) => ({
        username: row.username,
        triadId: Number(row.triad_id),
      })),
    };
  });
}

/** Every prepared reply's state, with its signature rows and the signature timeline entries of its triad. */
async function replyStates(/** @type {string} */ url, /** @type {number[]} */ questionnaireIds) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select r.id, r.triad_id, r.questionnaire_id, r.status, r.version, r.signed_at is not null as has_signed_at,
              (select count(*)::int from reply_signatures s where s.reply_id = r.id) as signatures,
              (select count(*)::int from timeline_entries e where e.triad_id = r.triad_id and e.class_name = 'questionnaire'
                 and e.title_part2 = q.title) as timeline
       from replies r join questionnaires q on q.id = r.questionnaire_id
       where r.questionnaire_id = any($1::int[]) and r.profile = 1`,
      [questionnaireIds],
    );
    return /** @type {{ id: number, triad_id: number, questionnaire_id: number, status: number, version: number, has_signed_at: boolean, signatures: number, timeline: number }[]} */ (
      rows
    );
  });
}

/** @returns {Promise<number>} */
export async function run() {
  console.log(`Fault: SIGKILL during signatures (${loadText()})`);
  const database = await prepareDatabase(ADMIN_URL, 'lea_fault_sign');
  const { questionnaireIds, signers } = await prepareReplies(database.url);
  const servers = await startProcesses(database.url, { count: 2 });
  const urls = servers.map((server) => server.url);
  console.log(`Signing in ${signers.length} apprentices ...`);
  /** @type {import('../lib/load.mjs').LoadUser[]} */
  const users = signers.map((signer) => ({
    ...signer,
    profile: 1,
    token: null,
    refreshToken: null,
    reloginAt: 0,
    renewing: false,
    views: [],
    drafts: [],
    signable: [],
  }));
  await signInAll(urls, { users, category: '' });
  const tokens = new Map(users.map((user) => [user.username, user.token]));

  // Every (signer, questionnaire) pair, shuffled, alternating between the processes.
  const jobs = signers.flatMap((signer) => questionnaireIds.map((questionnaireId) => ({ ...signer, questionnaireId })));
  jobs.sort(() => Math.random() - 0.5);
  const victim = servers[0];
  if (!victim) throw new Error('no server');
  const victimJobs = Math.ceil(jobs.length / 2);
  let victimAnswered = 0;
  let killedAt = 0;
  let inFlightOnVictim = 0;
  let inFlightAtKill = 0;
  /** @type {{ triadId: number, questionnaireId: number, target: number, status: number, acknowledged: boolean }[]} */
  const results = [];
  const started = performance.now();
  console.log(
    `${jobs.length} signatures, ${CONCURRENCY} at a time; kill -9 of process 1 (pid ${victim.pid}) after ${Math.ceil(victimJobs / 3)} of its answers`,
  );
  let nextJob = 0;
  const worker = async () => {
    for (let index = nextJob++; index < jobs.length; index = nextJob++) {
      const job = jobs[index];
      if (!job) continue;
      const target = index % 2;
      if (target === 0) inFlightOnVictim++;
      let status = 0;
      let acknowledged = false;
      try {
        const response = await fetch(`${urls[target]}/api/fr/app/questionnaire/save/${job.triadId}/${job.questionnaireId}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(job.username)}` },
          body: JSON.stringify({ draft: 3, profile: 1, version: 0, answers: [] }),
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        const body = await response.json().catch(() => null);
        acknowledged = response.ok && body?.hasError === false;
      } catch {
        status = 0;
      }
      if (target === 0) {
        inFlightOnVictim--;
        victimAnswered++;
        if (!killedAt && victimAnswered >= victimJobs / 3) {
          inFlightAtKill = inFlightOnVictim;
          process.kill(victim.pid, 'SIGKILL');
          killedAt = performance.now() - started;
          console.log(`  SIGKILL at ${(killedAt / 1000).toFixed(2)} s with ${inFlightAtKill} signatures in flight on it`);
        }
      }
      results.push({ triadId: job.triadId, questionnaireId: job.questionnaireId, target, status, acknowledged });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  console.log(`  all answered or failed after ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const states = await replyStates(database.url, questionnaireIds);
  const signedRows = states.filter(
    (row) => row.status === 3 && row.version === 1 && row.has_signed_at && row.signatures === 1 && row.timeline >= 1,
  );
  const untouched = states.filter((row) => row.status === 2 && row.version === 0 && !row.has_signed_at && row.signatures === 0);
  const broken = states.filter((row) => !signedRows.includes(row) && !untouched.includes(row));
  const signedKeys = new Set(signedRows.map((row) => `${row.triad_id}/${row.questionnaire_id}`));
  const lostAcks = results.filter((result) => result.acknowledged && !signedKeys.has(`${result.triadId}/${result.questionnaireId}`));
  const failed = results.filter((result) => !result.acknowledged);
  const byStatus = new Map();
  for (const result of failed)
    byStatus.set(
      `process ${result.target + 1} status ${result.status}`,
      (byStatus.get(`process ${result.target + 1} status ${result.status}`) ?? 0) + 1,
    );
  console.log(
    `\n  prepared replies ${states.length}: fully signed ${signedRows.length}, untouched ${untouched.length}, inconsistent ${broken.length}`,
  );
  console.log(
    `  acknowledged ${results.length - failed.length}; not acknowledged ${failed.length} (${[...byStatus].map(([key, count]) => `${key} ×${count}`).join(', ') || 'none'})`,
  );
  for (const row of broken.slice(0, 10)) console.log(`    inconsistent: ${JSON.stringify(row)}`);
  const health = await healthOf(
    urls,
    servers.map((server) => server.pid),
    20_000,
  );
  return report([
    {
      name: 'killed mid-way',
      met: killedAt > 0 && inFlightAtKill > 0,
      text: `${inFlightAtKill} signatures in flight on the killed process`,
    },
    {
      name: 'all or nothing',
      met: broken.length === 0 && states.length === jobs.length,
      text: `${broken.length} of ${states.length} replies half-signed`,
    },
    { name: 'acknowledged means signed', met: lostAcks.length === 0, text: `${lostAcks.length} acknowledged signatures missing` },
    {
      name: 'survivor serves',
      met: health[1] === true && !health[0],
      text: `GET /health: process 1 ${health[0] ? 'answers (not killed?)' : 'gone'}, process 2 ${health[1] ? '200' : 'no answer'}`,
    },
  ]);
}
