/**
 * Owns assembling the running service from a Config: secrets, database, queue, mailer,
 * HTTP app and worker, by ROLE; and shutting them down in order.
 */
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createMailer } from './adapters/email/mailer.js';
import { buildApp, type App } from './app.js';
import { createContainer } from './container.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { startQueue, type Queue } from './jobs/queue.js';
import { resolveSecrets } from './lib/secrets.js';

export type Service = {
  app?: App;
  database: Database;
  queue: Queue;
  logger: Logger;
  stop(): Promise<void>;
};

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        '*.password',
        '*.confirmPassword',
        '*.token',
        '*.accessToken',
        '*.key',
      ],
      censor: '[redacted]',
    },
  });
}

export async function startService(config: Config, logger = createLogger(config)): Promise<Service> {
  const secrets = resolveSecrets(config.DATA_DIR, {
    jwtSecret: config.JWT_SECRET,
    encryptionKey: config.ENCRYPTION_KEY,
  });
  const database = await openDatabase(
    config.DATABASE_URL
      ? { driver: 'postgres', connectionString: config.DATABASE_URL }
      : { driver: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') },
  );
  logger.info({ driver: database.driver }, 'database ready, migrations applied');
  const queue = await startQueue(database, logger, { expireInSeconds: config.JOB_EXPIRE_SECONDS });
  const container = createContainer(config, database, queue, logger, secrets);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    log: logger,
  });

  if (config.ROLE !== 'api') {
    await queue.work(container.jobs);
    if (database.driver === 'pglite') {
      // PGlite is single-process: no other worker can hold these jobs, so a job that was running
      // when the process died is an orphan. Its handler is idempotent; enqueue it again now rather
      // than wait for the queue's expiry.
      await container.recordings.resumeUnfinished();
    }
    logger.info('worker started');
  }

  let app: App | undefined;
  if (config.ROLE !== 'worker') {
    app = await buildApp({ config, database, queue, mailer, secrets, logger, container });
    await app.listen({ host: config.HOST, port: config.PORT });
  }

  return {
    app,
    database,
    queue,
    logger,
    async stop() {
      await app?.close();
      await queue.stop();
      await container.close();
      await database.close();
    },
  };
}
