import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { listenUrl } from './listen-url.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { seedDemoIfWanted } from './seed/demo.js';
import { startHousekeeping } from './services/housekeeping.js';
import { startQuestionnaireReminders } from './features/questionnaire/reminders.js';
import { startWeeklyDigest } from './features/digest/weekly-digest.js';

/** Reads the configuration, migrates, seeds the demo on an empty embedded database, listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  const seeded = await seedDemoIfWanted(app.ctx, config);
  // Every process schedules them; each run holds the job's lock, so one process runs a job at a time (decision 036).
  const jobs = [
    startHousekeeping(database.db, app.ctx.files, app.log, config.loginThrottle.windowSeconds),
    // Each reminder is also claimed in the database (decision 016).
    startQuestionnaireReminders(
      { db: database.db, mailer: app.ctx.mailer, publicUrl: config.publicUrl, secret: config.jwtSecret },
      app.log,
    ),
    // Each person's week is also claimed in the database (issue 20 §4).
    ...(config.weeklyDigest ? [startWeeklyDigest({ db: database.db, mailer: app.ctx.mailer, publicUrl: config.publicUrl }, app.log)] : []),
  ];
  // SIGUSR2 runs the scheduled jobs now (operators, and `npm run cluster-check` on two processes at once).
  process.on('SIGUSR2', () => {
    app.log.info('SIGUSR2 received, running the scheduled jobs');
    void Promise.all(jobs.map((job) => job.run())).then(() => app.log.info('scheduled jobs run on request done'));
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    for (const job of jobs) job.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  lea is running on ${listenUrl(app.server.address())}  (database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  ];
  // Links in mails and the like use PUBLIC_URL: say so when it is not the address above.
  if (process.env.PUBLIC_URL) lines.push(`  public address (PUBLIC_URL): ${config.publicUrl}`);
  if (seeded) {
    lines.push('', `  Demo accounts (password ${seeded.password}):`);
    for (const account of seeded.accounts) lines.push(`    ${account.username.padEnd(12)} ${account.description}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
