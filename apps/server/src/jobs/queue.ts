/**
 * Owns the durable job queue (pg-boss) on the application database, PGlite or PostgreSQL.
 * A job is declared once (`defineJob`: name and payload schema) in its module's `*.jobs.ts`;
 * producers send that declaration and the worker binds a handler to the same declaration
 * (`handleJob`), so an editor follows a job from enqueue to handler. Handlers must be idempotent.
 */
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';

export type JobDeclaration<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  /** Retries of a failed run (default: the queue's, from JOB_RETRY_LIMIT). */
  retryLimit?: number;
  retryDelaySeconds?: number;
};

export type JobContext = { jobId: string; attempt: number; log: Logger };

export type JobDefinition<S extends z.ZodType> = JobDeclaration<S> & {
  handler: (payload: z.infer<S>, ctx: JobContext) => Promise<void>;
};

export function defineJob<S extends z.ZodType>(declaration: JobDeclaration<S>): JobDeclaration<S> {
  return declaration;
}

/** Binds the worker's handler to a job declaration. */
export function handleJob<S extends z.ZodType>(
  declaration: JobDeclaration<S>,
  handler: JobDefinition<S>['handler'],
): JobDefinition<S> {
  return { ...declaration, handler };
}

/** What producers get: send a declared job with its typed payload. */
export type Enqueue = <S extends z.ZodType>(
  job: JobDeclaration<S>,
  payload: z.infer<S>,
  opts?: { singletonKey?: string },
) => Promise<string | null>;

export type Queue = {
  boss: PgBoss;
  send: Enqueue;
  work(jobs: JobDefinition<z.ZodType>[]): Promise<void>;
  /** Sends `job` on a cron schedule (pg-boss keeps one schedule per job name, across processes). */
  schedule<S extends z.ZodType>(job: JobDeclaration<S>, cron: string, payload: z.infer<S>): Promise<void>;
  ping(): Promise<boolean>;
  stop(): Promise<void>;
};

export async function startQueue(
  database: Database,
  log: Logger,
  queueOpts: { expireInSeconds?: number; retryLimit?: number } = {},
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
        retryLimit: job.retryLimit ?? queueOpts.retryLimit ?? 3,
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
    async schedule(job, cron, payload) {
      await ensureQueue(job.name);
      await boss.schedule(job.name, cron, job.payload.parse(payload) as object, {
        retryLimit: job.retryLimit ?? queueOpts.retryLimit ?? 3,
      });
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
