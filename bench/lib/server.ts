/**
 * The start-up every server benchmark shares: a throwaway PostgreSQL database and data folder, the
 * built server (apps/server/dist/main.js) and a bare Fastify baseline as children, both waited for,
 * and an account signed up and signed in. Everything is registered on the caller's Cleanup.
 *
 * BENCH_SERVER_NODE_ARGS (space-separated) is passed to the server's node, e.g.
 * `--cpu-prof --cpu-prof-dir=<dir>` to profile it under the benchmark's load (the profile is
 * written when the server stops at the end of the run). BENCH_SERVER_MAIN runs another build of the
 * server (an earlier commit's dist/main.js) to compare the two with the same benchmark.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createAccount,
  createThrowawayDb,
  freePort,
  startChild,
  stopChild,
  waitForHttp,
  type BenchAccount,
  type Cleanup,
} from './report.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type BenchServerOptions = {
  /** Names the database (`bench_<name>_…`) and the data folder (`bench-<name>-…`). */
  name: string;
  /** The baseline server, relative to the repository root (`bench/list/bare-server.ts`). */
  bareServer: string;
  /** Server settings besides the port, database and data folder (`ROLE`, `ANALYZER`, …). */
  env?: Record<string, string>;
  /** The account to sign up and sign in (createAccount's name), or false for none. */
  account?: string | false;
};

export type BenchServers = {
  /** `http://127.0.0.1:<port>` of the server (routes under `/api`). */
  base: string;
  /** The bare baseline's `/bare` route. */
  bareUrl: string;
  db: { name: string; url: string };
  server: ChildProcess;
  /** Set unless `account: false`. */
  account: BenchAccount | undefined;
};

/** Rate limits high enough that a benchmark never meets them. */
export const UNLIMITED_RATES = {
  AUTH_RATE_LIMIT_MAX: '100000000',
  SIGNUP_RATE_LIMIT_PER_HOUR: '100000000',
  SHARE_RATE_LIMIT_MAX: '100000000',
};

export async function startBenchServers(cleanup: Cleanup, opts: BenchServerOptions): Promise<BenchServers> {
  const db = await createThrowawayDb(`bench_${opts.name}`);
  cleanup.add('database', () => db.drop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${opts.name}-`));
  cleanup.add('temp dir', () => fs.rmSync(dataDir, { recursive: true, force: true }));

  const appPort = await freePort();
  const barePort = await freePort();
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const main = process.env.BENCH_SERVER_MAIN ?? path.join(repoRoot, 'apps/server/dist/main.js');
  const server = startChild(process.execPath, [...nodeArgs, main], {
    // Measured as deployed: production (answers not checked against their contracts again).
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    ...UNLIMITED_RATES,
    ...opts.env,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
  });
  cleanup.add('server', () => stopChild(server));
  const bare = startChild(process.execPath, ['--import', 'tsx', path.join(repoRoot, opts.bareServer)], {
    PORT: String(barePort),
  });
  cleanup.add('bare server', () => stopChild(bare));

  const base = `http://127.0.0.1:${appPort}`;
  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  await waitForHttp(`${base}/api/health`);
  await waitForHttp(bareUrl);
  const account = opts.account === false ? undefined : await createAccount(base, opts.account);
  return { base, bareUrl, db: { name: db.name, url: db.url }, server, account };
}
