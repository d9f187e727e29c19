/**
 * bench/sync: one `crm-sync` run importing BENCH_SYNC_CALLS calls (default 1,000) of one location
 * from the HighLevel sandbox at its rate limit, wall time next to the floor that limit allows for
 * the requests the run made: with `max` requests per `window` ms (fixed windows), N requests cannot
 * finish before (ceil(N / max) − 1) × window. The limit is HighLevel's shape (100 requests per
 * window) with a 1-second window (BENCH_SYNC_WINDOW_MS) instead of 10 s so the run takes seconds,
 * not minutes. The real server code runs in-process (PGlite in memory, local disk storage); the sync
 * job's handler is called directly so transcription of the imported calls does not compete for the
 * CPU. Goal: within 1.15× of the floor. No thresholds: figures only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@call-insights/highlevel-sandbox';
import pino from 'pino';
import { compose } from '../../apps/server/src/composition.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { approveConsent, sandboxEnv } from '../../apps/server/src/test-support/crm-sandbox.js';
import { createUser } from '../../apps/server/src/test-support/factories.js';
import { printTable, round } from '../lib/report.js';

const CALLS = Number(process.env.BENCH_SYNC_CALLS ?? 1000);
const MAX = Number(process.env.BENCH_SYNC_MAX ?? 100);
const WINDOW_MS = Number(process.env.BENCH_SYNC_WINDOW_MS ?? 1000);
const DAY = 86_400_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-'));
const sb = await startSandbox({
  port: 0,
  seed: 1,
  locations: 3,
  callsPerLocation: CALLS,
  contactsPerLocation: 50,
  rateLimit: { max: MAX, windowMs: WINDOW_MS },
});
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_MAX: '1000',
  SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
  MAX_RECORDINGS_PER_ORG: String(CALLS * 2),
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  ...sandboxEnv(sb),
});
const composition = await compose(config, pino({ level: 'silent' }), { database: { driver: 'pglite' } });
try {
  const app = await composition.buildHttp();
  await app.ready();
  const user = await createUser(app);
  const start = await app.inject({
    method: 'POST',
    url: '/api/crm/oauth/start',
    headers: user.auth,
    payload: { user_type: 'Company' },
  });
  const back = await approveConsent(start.json<{ url: string }>().url, `company:${sb.companyId}`);
  const install = await app.inject({
    method: 'POST',
    url: '/api/locations/company',
    headers: user.auth,
    payload: back,
  });
  const account = install.json<{ locations: { id: number; location_id: string }[] }>().locations[0]!;
  const inWindow = sb.data.calls.filter((c) => c.message.locationId === account.location_id);

  const run = await app.inject({
    method: 'POST',
    url: '/api/crm/sync',
    headers: user.auth,
    payload: { location_id: account.id, start_date: Date.now() - 61 * DAY },
  });
  const runId = run.json<{ id: number }>().id;
  const handler = composition.container.jobs.find((j) => j.name === 'crm-sync')!;
  sb.faults.reset();
  const requestsBefore = sb.state().requests;
  const t0 = performance.now();
  await handler.handler({ runId }, { jobId: 'bench', attempt: 0, log: pino({ level: 'silent' }) });
  const wallMs = performance.now() - t0;
  const requests = sb.state().requests - requestsBefore;
  const status = await app.inject({ method: 'GET', url: `/api/crm/sync/${runId}`, headers: user.auth });
  const result = status.json<{ state: string; counts: Record<string, number> }>();
  const floorMs = (Math.ceil(requests / MAX) - 1) * WINDOW_MS;

  printTable(
    `bench/sync: ${inWindow.length} calls (${result.counts.imported} with a recording) at ${MAX} requests per ${WINDOW_MS} ms`,
    [
      { case: 'floor the rate limit allows', requests, 'wall s': round(floorMs / 1000, 2), 'x floor': 1 },
      {
        case: `crm-sync run (${result.state})`,
        requests,
        'wall s': round(wallMs / 1000, 2),
        'x floor': round(wallMs / floorMs, 3),
      },
    ],
  );
  console.log(
    `counts: ${JSON.stringify(result.counts)}; 429s answered by the sandbox: ${sb.state().rateLimited}; goal ≤ 1.15× floor`,
  );
} finally {
  await composition.close();
  await sb.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
