/**
 * Owns assembling the running service from a Config: secrets, database, queue, mailer,
 * HTTP app and worker, by ROLE; and shutting them down in order.
 */
import pino, { type Logger } from 'pino';
import type { App } from './app.js';
import { compose } from './composition.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Queue } from './jobs/queue.js';

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
  const composition = await compose(config, logger);
  if (config.ROLE !== 'api') await composition.startWorker();
  let app: App | undefined;
  if (config.ROLE !== 'worker') {
    app = await composition.buildHttp();
    await app.listen({ host: config.HOST, port: config.PORT });
  }
  return {
    app,
    database: composition.database,
    queue: composition.queue,
    logger,
    stop: () => composition.close(),
  };
}
