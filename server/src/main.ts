import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { createHealthDataWorker } from './features/health-data/health-data.jobs.ts';
import { createLabsWorker } from './features/labs/labs.jobs.ts';
import { createRemindersWorker, scheduleReminderScan } from './features/reminders/reminders.jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { seedBlogPosts } from './features/blog/blog.seed.ts';
import { seedReferenceData } from './features/supplements/reference-supplements.seed.ts';
import { seedInteractions } from './features/interactions/interactions.seed.ts';
import { createFileStore } from './storage/create-file-store.ts';

/** Reads configuration, migrates, listens, and closes gracefully on SIGTERM or SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const database = await openDatabase(config.database).catch((error: unknown) => {
    console.error(describeDatabaseError(error, config.database.kind));
    process.exit(1);
  });
  await database.migrate();
  await seedReferenceData(database.db);
  await seedInteractions(database.db);
  const fileStore = createFileStore(config.storage);
  await seedBlogPosts(database.db, fileStore);
  const app = await buildApp({ config, database, fileStore, webDir: process.env.WEB_DIR ?? path.resolve('dist/web') });
  // Lab extraction runs here unless JOB_WORKER=false (then separate worker processes run it).
  const worker = config.jobs.enabled ? createLabsWorker({ config, db: database.db, log: app.log }) : undefined;
  // Health imports have a worker of their own, so a long export does not hold back lab reports.
  const healthWorker = config.jobs.enabled ? createHealthDataWorker({ config, db: database.db, log: app.log, store: fileStore }) : undefined;
  // Reminders are sent from the queue, never inside a request: one periodic scan at a time.
  const remindersWorker = config.jobs.enabled ? createRemindersWorker({ config, db: database.db, mailer: createMailer(config.mail, app.log), log: app.log }) : undefined;
  if (remindersWorker) await scheduleReminderScan(database.db);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    forceExit.unref();
    try {
      // A running extraction gets 15 s to finish; after that it goes back to the queue for the next start.
      await Promise.all([app.close(), worker?.stop({ graceMs: 15_000 }), healthWorker?.stop({ graceMs: 5_000 }), remindersWorker?.stop({ graceMs: 5_000 })]);
      await database.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  worker?.start();
  healthWorker?.start();
  remindersWorker?.start();
  app.log.info(
    { url: config.publicUrl, database: database.kind, mail: config.mail.smtpUrl ? 'smtp' : 'local outbox' },
    `StackLab is running at ${config.publicUrl}`,
  );
}

function describeDatabaseError(error: unknown, kind: string): string {
  if (error instanceof DataDirInUseError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `Cannot open the ${kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database: ${message}`;
}

void main();
