/**
 * Owns the durable job queue (pg-boss) on the application database, PGlite or PostgreSQL.
 * Job definitions are `{ name, payload schema, handler }`; handlers must be idempotent.
 */
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';

export type JobDefinition<S extends z.ZodType> = {
  name: string;
  payload: S;
  retryLimit?: number;
  retryDelaySeconds?: number;
  handler: (payload: z.infer<S>, ctx: { jobId: string; attempt: number; log: Logger }) => Promise<void>;
};

export type Queue = {
  boss: PgBoss;
  send<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.infer<S>,
    opts?: { singletonKey?: string },
  ): Promise<string | null>;
  work(jobs: JobDefinition<z.ZodType>[]): Promise<void>;
  ping(): Promise<boolean>;
  stop(): Promise<void>;
};

export async function startQueue(
  database: Database,
  log: Logger,
  queueOpts: { expireInSeconds?: number } = {},
): Promise<Queue> {
  const boss =
    database.driver === 'postgres' && database.connectionString
      ? new PgBoss({ connectionString: database.connectionString, max: 4 })
      : new PgBoss({ db: database.executor });
  boss.on('error', (err: unknown) => log.error({ err }, 'queue error'));
  await boss.start();
  let running = true;

  // Queues are created once per process, not on every send (each creation is a database round trip).
  const created = new Map<string, Promise<void>>();
  const ensureQueue = (name: string): Promise<void> => {
    let ready = created.get(name);
    if (!ready) {
      ready = boss.createQueue(name).catch((err: unknown) => {
        created.delete(name);
        throw err;
      });
      created.set(name, ready);
    }
    return ready;
  };

  return {
    boss,
    async send(job, payload, opts) {
      await ensureQueue(job.name);
      return boss.send(job.name, job.payload.parse(payload) as object, {
        retryLimit: job.retryLimit ?? 3,
        retryDelay: job.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: queueOpts.expireInSeconds ?? 1800,
        ...(opts?.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      });
    },
    async work(jobs) {
      for (const job of jobs) {
        await ensureQueue(job.name);
        await boss.work(job.name, { pollingIntervalSeconds: 0.5, includeMetadata: true }, async ([j]) => {
          if (!j) return;
          const payload = job.payload.parse(j.data);
          await job.handler(payload, {
            jobId: j.id,
            attempt: j.retryCount,
            log: log.child({ job: job.name, jobId: j.id }),
          });
        });
      }
    },
    async ping() {
      if (!running) return false;
      return database.ping();
    },
    async stop() {
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
