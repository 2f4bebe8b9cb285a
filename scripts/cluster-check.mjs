// `npm run cluster-check`: two API processes behind nginx on one PostgreSQL, with files in S3 (s3rver),
// rate limits in Redis and the scheduled jobs under work locks (docs/deployment.md, decision 036), and
// the checks that they behave as one site. Each check prints a line with its figures; exit code 0 only
// when all pass. Environment: TEST_DATABASE_URL (an admin connection; default the server on
// 127.0.0.1:5432), CLUSTER_READS_PER_MINUTE (the low read limit of the run, default 20), CLUSTER_OWN_REDIS=1
// (start a redis-server of the run's own even when one answers on 127.0.0.1:6379).
import { PROCESS_HEADER, UPSTREAM_HEADER, startCluster, withClient } from './lib/cluster.mjs';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const READS_PER_MINUTE = Number(process.env.CLUSTER_READS_PER_MINUTE ?? 20);
const PASSWORD = 'Demo-Lea-2026!';
const API = '/api/fr/app';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n% cluster-check\n');

const sleep = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));

/** @type {{ name: string, ok: boolean, line: string }[]} */
const results = [];
function report(/** @type {string} */ name, /** @type {boolean} */ ok, /** @type {string} */ line) {
  results.push({ name, ok, line });
  console.log(`${ok ? 'ok  ' : 'FAIL'} (${name}) ${line}`);
}

/**
 * A call through nginx: to process `target` (1 or 2) or, without it, to the next in the round-robin.
 * @param {string} base @param {string} path
 * @param {{ method?: string, token?: string, body?: unknown, target?: number }} [options]
 */
async function call(base, path, { method = 'GET', token, body, target } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (target) headers[PROCESS_HEADER] = String(target);
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  /** @type {any} */
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, upstream: response.headers.get(UPSTREAM_HEADER) ?? '?', json };
}

async function login(/** @type {string} */ base, /** @type {string} */ username) {
  const answer = await call(base, '/api/login_check', { method: 'POST', body: { username, password: PASSWORD } });
  if (answer.status !== 200 || !answer.json?.token) throw new Error(`signing in as ${username} answered ${answer.status}`);
  return /** @type {string} */ (answer.json.token);
}

/** Which process (1, 2…) an upstream address is. @param {string} upstream @param {{ port: number }[]} processes */
const processOf = (upstream, processes) => processes.findIndex((server) => upstream.endsWith(`:${server.port}`)) + 1;

/** (a) A file uploaded through process 1 is downloaded through process 2 (their data directories differ). */
async function checkFile(/** @type {import('./lib/cluster.mjs').Cluster} */ cluster) {
  const token = await login(cluster.nginx, 'apprenti');
  const upload = await call(cluster.nginx, `${API}/file/upload`, {
    method: 'POST',
    token,
    target: 1,
    body: { data: PDF.toString('base64'), originalName: 'cluster-check.pdf' },
  });
  const pathName = upload.json?.responses?.[0]?.object?.pathName;
  const download = await call(cluster.nginx, `/api/fr/api/get_file?fileName=${pathName}&fileFolder=upload`, { token, target: 2 });
  const same = download.json?.data === PDF.toString('base64');
  const up = processOf(upload.upstream, cluster.processes);
  const down = processOf(download.upstream, cluster.processes);
  report(
    'a',
    upload.status === 200 && download.status === 200 && same && up === 1 && down === 2,
    `file: uploaded through process ${up} (${upload.status}), downloaded through process ${down} (${download.status}), ` +
      `${PDF.length} bytes ${same ? 'identical' : 'DIFFERENT'}`,
  );
}

/** (b) The read limit is counted once for both processes: round-robin reads get the 429 at limit + 1. */
async function checkLimits(/** @type {import('./lib/cluster.mjs').Cluster} */ cluster) {
  const token = await login(cluster.nginx, 'maitre');
  const total = READS_PER_MINUTE * 2 + 4;
  /** @type {number[]} */
  const statuses = [];
  const served = new Map();
  let errors = 0;
  for (let index = 0; index < total; index++) {
    const answer = await call(cluster.nginx, `${API}/user/me`, { token });
    statuses.push(answer.status);
    if (answer.status >= 500) errors += 1;
    if (answer.status === 200) {
      const process = processOf(answer.upstream, cluster.processes);
      served.set(process, (served.get(process) ?? 0) + 1);
    }
  }
  const firstRefused = statuses.indexOf(429) + 1;
  const accepted = statuses.filter((status) => status === 200).length;
  const perProcess = [...served.entries()]
    .sort()
    .map(([process, count]) => `process ${process}: ${count}`)
    .join(', ');
  report(
    'b',
    firstRefused === READS_PER_MINUTE + 1 && accepted === READS_PER_MINUTE && served.size === 2 && errors === 0,
    `shared limits: limit ${READS_PER_MINUTE}/min, ${total} round-robin reads, ${accepted} accepted (${perProcess}), ` +
      `first 429 at read #${firstRefused}, ${errors} errors`,
  );
}

/** (c) Both processes run the reminders at the same moment (SIGUSR2): each due reminder is claimed and mailed once. */
async function checkReminders(/** @type {import('./lib/cluster.mjs').Cluster} */ cluster) {
  const setup = await withClient(cluster.databaseUrl, async (client) => {
    const before = Number((await client.query(`select coalesce(max(id), 0) as id from mail_outbox`)).rows[0].id);
    // Every active questionnaire's first reminder due yesterday (Paris), not sent; the second not due.
    const due = await client.query(
      `update questionnaires set first_reminder = (now() at time zone 'Europe/Paris')::date - 1, first_reminder_sent_at = null,
         second_reminder = null, second_reminder_sent_at = null
       where active returning id`,
    );
    return { before, questionnaires: due.rowCount ?? 0 };
  });
  const marks = cluster.processes.map((server) => server.output().length);
  for (const server of cluster.processes) process.kill(server.pid, 'SIGUSR2');
  const done = (/** @type {number} */ index) =>
    (cluster.processes[index]?.output().slice(marks[index]) ?? '').includes('scheduled jobs run on request done');
  for (let attempt = 0; attempt < 300 && !cluster.processes.every((_server, index) => done(index)); attempt++) await sleep(100);
  const ran = cluster.processes.map((server, index) => server.output().slice(marks[index]).includes('questionnaire reminders sent'));
  const figures = await withClient(cluster.databaseUrl, async (client) => {
    const mails = await client.query(
      `select count(*)::int as mails, count(distinct (to_address, subject, text))::int as distinct_mails
       from mail_outbox where id > $1 and kind = 'reminder'`,
      [setup.before],
    );
    const claimed = await client.query(
      `select count(*)::int as claimed from questionnaires where active and first_reminder_sent_at is not null`,
    );
    return { ...mails.rows[0], claimed: claimed.rows[0].claimed };
  });
  const duplicates = figures.mails - figures.distinct_mails;
  report(
    'c',
    cluster.processes.every((_server, index) => done(index)) &&
      figures.claimed === setup.questionnaires &&
      figures.mails > 0 &&
      duplicates === 0,
    `no double reminder: SIGUSR2 to both processes together, ${setup.questionnaires} questionnaires due, ${figures.claimed} claimed, ` +
      `${figures.mails} reminder mails in the outbox, ${duplicates} duplicates; sent by process ${
        ran
          .map((yes, index) => (yes ? index + 1 : null))
          .filter(Boolean)
          .join(' and ') || 'none'
      }`,
  );
}

/** A reply the apprentice may save (open, not signed) and a short-text question of theirs in it. */
async function findSaveTarget(/** @type {import('./lib/cluster.mjs').Cluster} */ cluster, /** @type {string} */ token) {
  const candidates = await withClient(
    cluster.databaseUrl,
    async (client) =>
      (
        await client.query(
          `select t.id as triad, q.id as questionnaire, min(qu.id) as question, coalesce(max(r.version), 0) as version
         from triads t join users u on u.id = t.apprentice_id and u.username = 'apprenti'
         join questionnaires q on q.training_course_id = t.training_course_id and q.active
         join questions qu on qu.questionnaire_id = q.id and qu.item_type = 'field' and qu.type = 0 and qu.enabled and qu.access @> '[1]'
         left join replies r on r.questionnaire_id = q.id and r.triad_id = t.id and r.profile = 1
         where coalesce(r.status, 0) < 3
         group by t.id, q.id order by q.id`,
        )
      ).rows,
  );
  for (const row of candidates) {
    const target = { triad: Number(row.triad), questionnaire: Number(row.questionnaire), question: Number(row.question) };
    const probe = await call(cluster.nginx, `${API}/questionnaire/save/${target.triad}/${target.questionnaire}`, {
      method: 'PUT',
      token,
      body: {
        draft: 1,
        profile: 1,
        version: Number(row.version),
        answers: [{ questionId: target.question, value: 'cluster-check start' }],
      },
    });
    if (probe.status === 200 && probe.json?.hasError === false)
      return { ...target, version: Number(probe.json.responses[0].object.version) };
  }
  throw new Error('no questionnaire of the demo apprentice is open for a draft');
}

/** (d) Concurrent draft saves of one reply through both processes: no lost save, refused ones get 409. */
async function checkSaves(/** @type {import('./lib/cluster.mjs').Cluster} */ cluster) {
  const token = await login(cluster.nginx, 'apprenti');
  const target = await findSaveTarget(cluster, token);
  const rounds = 5;
  const perRound = 4;
  /** @type {{ version: number, value: string }[]} */
  const accepted = [];
  /** @type {Map<number, number>} */
  const refused = new Map();
  let version = target.version;
  for (let round = 0; round < rounds; round++) {
    const saves = Array.from({ length: perRound }, async (_unused, index) => {
      const value = `round ${round} save ${index} through process ${(index % 2) + 1}`;
      const answer = await call(cluster.nginx, `${API}/questionnaire/save/${target.triad}/${target.questionnaire}`, {
        method: 'PUT',
        token,
        target: (index % 2) + 1,
        body: { draft: 1, profile: 1, version, answers: [{ questionId: target.question, value }] },
      });
      if (answer.status === 200 && answer.json?.hasError === false) {
        accepted.push({ version: Number(answer.json.responses[0].object.version), value });
      } else {
        const code = answer.status === 409 && answer.json?.code === 409 ? 409 : answer.status;
        refused.set(code, (refused.get(code) ?? 0) + 1);
      }
    });
    await Promise.all(saves);
    version = Math.max(version, ...accepted.map((save) => save.version));
  }
  const stored = await withClient(cluster.databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select r.version, a.value from replies r left join answers a on a.reply_id = r.id and a.question_id = $3
       where r.triad_id = $1 and r.questionnaire_id = $2 and r.profile = 1`,
      [target.triad, target.questionnaire, target.question],
    );
    return rows[0];
  });
  const versions = new Set(accepted.map((save) => save.version));
  const last = accepted.reduce((latest, save) => (save.version > latest.version ? save : latest), { version: -1, value: '' });
  const storedValue = typeof stored?.value === 'string' ? stored.value : JSON.stringify(stored?.value);
  const onlyConflicts = [...refused.keys()].every((code) => code === 409);
  report(
    'd',
    versions.size === accepted.length &&
      accepted.length === rounds &&
      Number(stored?.version) === last.version &&
      storedValue.includes(last.value) &&
      onlyConflicts,
    `no lost save: ${rounds * perRound} saves in ${rounds} rounds of ${perRound} across both processes, ${accepted.length} accepted ` +
      `with ${versions.size} distinct versions (${target.version + 1}–${last.version}), refused ${[...refused.entries()]
        .map(([code, count]) => `${count}×${code}`)
        .join(', ')}; stored version ${stored?.version} holds the last accepted answer: ${storedValue.includes(last.value)}`,
  );
}

/**
 * Reads server-sent events from `response` and resolves with the first `unread` event's data that
 * `accept` takes, or null after `timeoutMs`.
 * @param {ReadableStreamDefaultReader<Uint8Array>} reader @param {(data: any) => boolean} accept @param {number} timeoutMs
 */
async function nextUnread(reader, accept, timeoutMs) {
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), sleep(deadline - Date.now()).then(() => null)]);
    if (!chunk || chunk.done) return null;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(event)?.[1];
      const data = /^data: (.*)$/m.exec(event)?.[1];
      if (type === 'unread' && data) {
        const parsed = JSON.parse(data);
        if (accept(parsed)) return parsed;
      }
    }
  }
  return null;
}

/** (e) A message posted through process 1 reaches its recipient's stream on process 2. */
async function checkLiveMessage(/** @type {import('./lib/cluster.mjs').Cluster} */ cluster) {
  const sender = await login(cluster.nginx, 'apprenti');
  const reader = await login(cluster.nginx, 'tuteur');
  const recipients = await call(cluster.nginx, `${API}/message/recipients`, { token: sender });
  /** @type {{ profile: number, recipients: { id: number, fullName: string }[] }[]} */
  const groups = recipients.json?.groups ?? [];
  const tuteur = await withClient(cluster.databaseUrl, async (client) =>
    Number((await client.query(`select id from users where username = 'tuteur'`)).rows[0].id),
  );
  const group = groups.find((candidate) => candidate.recipients.some((recipient) => recipient.id === tuteur));
  const controller = new AbortController();
  const stream = await fetch(`${cluster.nginx}${API}/message/events`, {
    headers: { authorization: `Bearer ${reader}`, [PROCESS_HEADER]: '2' },
    signal: controller.signal,
  });
  const listener = processOf(stream.headers.get(UPSTREAM_HEADER) ?? '', cluster.processes);
  const events = /** @type {ReadableStream<Uint8Array>} */ (stream.body).getReader();
  try {
    const first = await nextUnread(events, () => true, 10_000);
    const before = Number(first?.userNewMessage ?? -1);
    const posted = await call(cluster.nginx, `${API}/message/post`, {
      method: 'POST',
      token: sender,
      target: 1,
      body: {
        title: 'cluster-check',
        text: '<p>Posted through process 1</p>',
        trainingCourse: recipients.json?.trainingCourse ?? undefined,
        messageRecipients: [{ recipient: tuteur, profile: group?.profile ?? 2 }],
        notification: false,
      },
    });
    const started = performance.now();
    const next = await nextUnread(events, (data) => Number(data.userNewMessage) > before, 15_000);
    const delay = Math.round(performance.now() - started);
    report(
      'e',
      stream.status === 200 &&
        listener === 2 &&
        processOf(posted.upstream, cluster.processes) === 1 &&
        posted.status === 200 &&
        next !== null,
      `live message: listener on process ${listener} (${stream.status}), posted through process ${processOf(posted.upstream, cluster.processes)} ` +
        `(${posted.status}), unread ${before} → ${next?.userNewMessage ?? 'nothing'} ${next ? `after ${delay} ms` : 'within 15 s'}`,
    );
  } finally {
    controller.abort();
    await events.cancel().catch(() => undefined);
  }
}

async function main() {
  const started = performance.now();
  const cluster = await startCluster({
    adminUrl: ADMIN_URL,
    env: { RATE_LIMIT_READS_PER_MINUTE: String(READS_PER_MINUTE), RATE_LIMIT_WRITES_PER_MINUTE: '1000' },
  });
  console.log(
    `cluster up in ${Math.round((performance.now() - started) / 1000)} s: nginx ${cluster.nginx} → ` +
      `${cluster.processes.map((server) => server.url).join(', ')}; Redis ${cluster.redis}; S3 s3rver; PostgreSQL ${new URL(cluster.databaseUrl).pathname.slice(1)}`,
  );
  try {
    for (const check of [checkFile, checkLimits, checkReminders, checkSaves, checkLiveMessage]) {
      try {
        await check(cluster);
      } catch (error) {
        report(check.name, false, `threw ${error instanceof Error ? error.stack : String(error)}`);
      }
    }
  } finally {
    const failed = results.some((result) => !result.ok);
    if (failed)
      for (const [index, server] of cluster.processes.entries())
        console.log(`--- process ${index + 1} log (end)\n${server.output().slice(-4000)}`);
    await cluster.stop();
  }
  const failed = results.filter((result) => !result.ok);
  console.log(
    `${failed.length === 0 ? 'all' : `${results.length - failed.length} of`} ${results.length} cluster checks passed in ${Math.round((performance.now() - started) / 1000)} s`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
