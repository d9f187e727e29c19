/**
 * The one composition root: from a Config (and, in tests, a few overrides) it opens the database,
 * starts the queue, builds every adapter and service (container.ts) and hands out the HTTP app and
 * the worker. The server (server.ts) and the test harness both assemble the service here.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { SafeDownloadOptions } from './adapters/net/safe-fetch.js';
import { buildApp, type App } from './app.js';
import type { Config } from './config.js';
import { createContainer, type Container } from './container.js';
import { openDatabase, type Database, type DatabaseOptions } from './db/client.js';
import { createLocalBus, createNotifyBus, type NotifyBus } from './db/notify-bus.js';
import { startQueue, type Queue } from './jobs/queue.js';
import { retentionSweepJob } from './modules/recordings/recordings.jobs.js';
import { resolveSecrets, type Secrets } from './lib/secrets.js';

export type CompositionOverrides = {
  database?: DatabaseOptions;
  secrets?: Secrets;
  urlFetch?: Pick<SafeDownloadOptions, 'addressPolicy' | 'lookup'>;
};

export type Composition = {
  config: Config;
  logger: Logger;
  secrets: Secrets;
  database: Database;
  queue: Queue;
  container: Container;
  /** Starts handling jobs in this process. */
  startWorker(): Promise<void>;
  /** Builds the HTTP app (not listening). */
  buildHttp(): Promise<App>;
  close(): Promise<void>;
};

export function databaseOptionsFrom(config: Config): DatabaseOptions {
  return config.DATABASE_URL
    ? { driver: 'postgres', connectionString: config.DATABASE_URL }
    : { driver: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') };
}

export async function compose(
  config: Config,
  logger: Logger,
  overrides: CompositionOverrides = {},
): Promise<Composition> {
  const secrets =
    overrides.secrets ??
    resolveSecrets(config.DATA_DIR, { jwtSecret: config.JWT_SECRET, encryptionKey: config.ENCRYPTION_KEY });
  const database = await openDatabase(overrides.database ?? databaseOptionsFrom(config));
  logger.info({ driver: database.driver }, 'database ready, migrations applied');
  const queue = await startQueue(database, logger, {
    expireInSeconds: config.JOB_EXPIRE_SECONDS,
    retryLimit: config.JOB_RETRY_LIMIT,
  });
  let sessionBus: NotifyBus | undefined;
  let notificationBus: NotifyBus = createLocalBus();
  if (database.driver === 'postgres' && database.connectionString) {
    sessionBus = await createNotifyBus(database.connectionString, 'call_insights_sessions', logger);
    notificationBus = await createNotifyBus(database.connectionString, 'call_insights_notifications', logger);
  }
  const container = createContainer({
    config,
    database,
    queue,
    logger,
    secrets,
    sessionBus,
    notificationBus,
    urlFetch: overrides.urlFetch,
  });
  let app: App | undefined;
  return {
    config,
    logger,
    secrets,
    database,
    queue,
    container,
    async startWorker() {
      await queue.work(container.jobs);
      await queue.schedule(retentionSweepJob, config.RETENTION_CRON, {});
      if (database.driver === 'pglite') {
        // PGlite is single-process: no other worker can hold these jobs, so a job that was running
        // when the process died is an orphan. Its handler is idempotent; enqueue it again now rather
        // than wait for the queue's expiry.
        await container.recordings.resumeUnfinished();
        await container.crm.resumeUnfinished();
      }
      // Both drivers: a re-apply run is resumable from its cursor and safe to run twice.
      await container.trackers.resumeUnfinished();
      logger.info('worker started');
    },
    async buildHttp() {
      app = await buildApp({ config, database, queue, logger, container });
      return app;
    },
    async close() {
      await app?.close();
      await queue.stop();
      await container.close();
      await sessionBus?.close();
      await notificationBus.close();
      await database.close();
    },
  };
}
