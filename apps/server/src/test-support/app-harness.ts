/**
 * Test harness: the real app on a real database — PGlite in memory, or a throwaway PostgreSQL
 * database created per run on 127.0.0.1:5432 and dropped afterwards. Nothing of ours is mocked.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino, { type DestinationStream } from 'pino';
import type { App } from '../app.js';
import { compose } from '../composition.js';
import { loadConfig, type Config } from '../config.js';
import type { Container } from '../container.js';
import type { SafeDownloadOptions } from '../adapters/net/safe-fetch.js';
import type { Database } from '../db/client.js';
import type { Queue } from '../jobs/queue.js';
import type { Secrets } from '../lib/secrets.js';
import { createLogger } from '../server.js';

export type Backend = 'pglite' | 'postgres';

/**
 * The databases integration tests run on: both by default (CI), or the ones listed in
 * TEST_BACKENDS (`TEST_BACKENDS=pglite` runs everything on a machine without PostgreSQL).
 */
export function testBackends(env: Record<string, string | undefined> = process.env): Backend[] {
  const raw = env.TEST_BACKENDS?.trim();
  if (!raw) return ['pglite', 'postgres'];
  const wanted = raw.split(',').map((b) => b.trim());
  const unknown = wanted.filter((b) => b !== 'pglite' && b !== 'postgres');
  if (unknown.length > 0)
    throw new Error(`TEST_BACKENDS: unknown backend(s) ${unknown.join(', ')}; use pglite,postgres`);
  return wanted as Backend[];
}
export const BACKENDS: Backend[] = testBackends();

const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Harness = {
  app: App;
  database: Database;
  queue: Queue;
  config: Config;
  secrets: Secrets;
  container: Container;
  dataDir: string;
  close(): Promise<void>;
};

export type HarnessOptions = {
  /** Run the job worker in-process (pipeline tests). */
  worker?: boolean;
  /** Let URL imports reach local test servers. */
  urlFetch?: Pick<SafeDownloadOptions, 'addressPolicy' | 'lookup'>;
  /** Logs through the service's own logger (level info, secrets masked) into this stream. */
  logStream?: DestinationStream;
  /**
   * PostgreSQL only: use this database (another harness's, `h.config.DATABASE_URL`) instead of a
   * throwaway one, as a second API process would. The database's owner drops it.
   */
  postgresUrl?: string;
};

/** Creates an empty PostgreSQL database for one test file; returns its URL and a dropper. */
export async function createThrowawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ci_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        // Let the connections being closed finish closing (a killed one errors in its client),
        // then force out whatever is left after 5 s.
        for (let i = 0; i < 50; i++) {
          const left = await c.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (left.rows[0]?.n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function createHarness(
  backend: Backend,
  env: Record<string, string> = {},
  opts: HarnessOptions = {},
): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-test-'));
  const throwaway = backend === 'postgres' && !opts.postgresUrl ? await createThrowawayPostgres() : undefined;
  const postgresUrl = backend === 'postgres' ? (opts.postgresUrl ?? throwaway?.url) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
    ...env,
  });
  const logger = opts.logStream
    ? createLogger({ LOG_LEVEL: 'info' }, opts.logStream)
    : pino({ level: config.LOG_LEVEL });
  const secrets: Secrets = {
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    encryptionKey: crypto.randomBytes(32).toString('hex'),
  };
  const composition = await compose(config, logger, {
    secrets,
    urlFetch: opts.urlFetch,
    database: postgresUrl
      ? { driver: 'postgres', connectionString: postgresUrl, maxConnections: 4 }
      : { driver: 'pglite' },
  });
  const { database, queue, container } = composition;
  if (opts.worker) await queue.work(container.jobs);
  const app = await composition.buildHttp();
  await app.ready();
  return {
    app,
    database,
    queue,
    config,
    secrets,
    container,
    dataDir,
    async close() {
      await composition.close();
      await throwaway?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
