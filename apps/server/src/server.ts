/**
 * Owns assembling the running service from a Config: secrets, database, queue, mailer,
 * HTTP app and worker, by ROLE; and shutting them down in order.
 */
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createMailer } from './adapters/email/mailer.js';
import { buildApp, type App } from './app.js';
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
  const queue = await startQueue(database, logger);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    log: logger,
  });

  if (config.ROLE !== 'api') {
    await queue.work([]);
    logger.info('worker started');
  }

  let app: App | undefined;
  if (config.ROLE !== 'worker') {
    app = await buildApp({ config, database, queue, mailer, secrets, logger });
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
      await database.close();
    },
  };
}
