/**
 * Owns assembling the running service from a Config: secrets, database, queue, mailer,
 * HTTP app and worker, by ROLE; and shutting them down in order.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { App } from './app.js';
import { compose } from './composition.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Queue } from './jobs/queue.js';
import { redactUrl } from './lib/redact-url.js';

export type Service = {
  app?: App;
  database: Database;
  queue: Queue;
  logger: Logger;
  stop(): Promise<void>;
};

/** What a request's log line says of it: method, route with its secrets masked, where from. */
function serializeRequest(req: {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}

/**
 * The service's logger. Passwords, tokens and keys in logged objects are censored, and every URL a
 * request line carries goes through `redactUrl` (reset, invitation and share links, signed audio
 * URLs, stream tokens, OAuth codes never reach the logs).
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      serializers: { req: serializeRequest },
      redact: {
        paths: [
          'req.headers.authorization',
          '*.password',
          '*.confirmPassword',
          '*.currentPassword',
          '*.token',
          '*.accessToken',
          '*.refreshToken',
          '*.key',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

export async function startService(config: Config, logger = createLogger(config)): Promise<Service> {
  const composition = await compose(config, logger);
  // Uploads cut off by a crash leave temporary files behind: remove those old enough to be orphans.
  const swept = await composition.container.storage.sweepTemporary?.(
    config.UPLOAD_TEMP_MAX_AGE_MINUTES * 60_000,
  );
  if (swept) logger.info({ files: swept }, 'removed temporary files of unfinished uploads');
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
