/**
 * Owns cross-process notices over PostgreSQL LISTEN/NOTIFY (one channel per use). API processes
 * use it to drop cached sessions at once when another process ends them. PGlite is one process,
 * so it needs none.
 */
import pg from 'pg';
import type { Logger } from 'pino';

export type NotifyBus = {
  publish(userId: number): Promise<void>;
  subscribe(onUser: (userId: number) => void): void;
  close(): Promise<void>;
};

export async function createNotifyBus(
  connectionString: string,
  channel: string,
  log: Logger,
): Promise<NotifyBus> {
  const listener = new pg.Client({ connectionString });
  const publisher = new pg.Pool({ connectionString, max: 1 });
  // A dropped connection (server restart, shutdown) must not crash the process: the pool reconnects.
  publisher.on('error', (err) => log.warn({ err }, 'notify publisher connection lost'));
  publisher.on('connect', (client) => client.on('error', () => undefined));
  const handlers: ((userId: number) => void)[] = [];
  listener.on('notification', (msg) => {
    const id = Number(msg.payload);
    if (msg.channel === channel && Number.isInteger(id)) for (const h of handlers) h(id);
  });
  listener.on('error', (err) => log.error({ err }, 'notify listener failed'));
  await listener.connect();
  await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
  return {
    async publish(userId) {
      await publisher.query('select pg_notify($1, $2)', [channel, String(userId)]);
    },
    subscribe(onUser) {
      handlers.push(onUser);
    },
    async close() {
      await listener.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}

/** The same notices within one process (PGlite is one process). */
export function createLocalBus(): NotifyBus {
  const handlers: ((userId: number) => void)[] = [];
  return {
    async publish(userId) {
      // Delivered on a later tick, as LISTEN/NOTIFY would be.
      setImmediate(() => {
        for (const h of handlers) h(userId);
      });
    },
    subscribe(onUser) {
      handlers.push(onUser);
    },
    async close() {
      handlers.length = 0;
    },
  };
}
