/**
 * bench/api-auth: sign-in and verify-token throughput and latency (autocannon) against the built
 * server on PGlite, printed next to a bare Fastify endpoint measured in the same run.
 * Sign-in is dominated by argon2id on purpose (it is the password hash's cost).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createAccount, freePort, printTable, startChild, stopChild, waitForHttp } from '../lib/report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Row = Record<string, string | number>;

async function run(title: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts });
  return {
    endpoint: title,
    'req/s (mean)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-auth-'));
const appPort = await freePort();
const barePort = await freePort();
const server = startChild('node', [path.join(root, 'apps/server/dist/main.js')], {
  PORT: String(appPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '100000000',
  SIGNUP_RATE_LIMIT_PER_HOUR: '100000000',
});
const bare = startChild(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'bench/api-auth/bare-server.ts')],
  {
    PORT: String(barePort),
  },
);
try {
  await waitForHttp(`http://127.0.0.1:${appPort}/api/health`);
  await waitForHttp(`http://127.0.0.1:${barePort}/bare`);
  const base = `http://127.0.0.1:${appPort}`;
  const { accessToken } = await createAccount(base);
  // The same credentials createAccount() signs up with.
  const loginBody = JSON.stringify({ email: 'bench@example.com', password: 'bench password 1' });

  const rows: Row[] = [];
  rows.push(await run('bare Fastify GET (baseline)', { url: `http://127.0.0.1:${barePort}/bare` }));
  rows.push(
    await run('bare Fastify POST JSON (baseline)', {
      url: `http://127.0.0.1:${barePort}/bare`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    }),
  );
  rows.push(
    await run('GET /api/users/verify-token', {
      url: `${base}/api/users/verify-token`,
      headers: { authorization: `Token ${accessToken}` },
    }),
  );
  rows.push(
    await run('POST /api/users/login (argon2id)', {
      url: `${base}/api/users/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    }),
  );
  printTable(
    `api-auth — ${DURATION}s per endpoint, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, PGlite`,
    rows,
  );
} finally {
  await stopChild(server);
  await stopChild(bare);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
