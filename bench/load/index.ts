/**
 * bench/load: LOAD_USERS virtual users (default 200) for LOAD_DURATION seconds (default 60) against
 * the built server on PostgreSQL, spread over five steps a team does all day — sign in, list the
 * recordings, open a call's analysis, play its audio (a range request on a signed URL) and export
 * the list as CSV — each step driven by its own share of the users at the same time. Printed per
 * step: requests per second, p50/p99, non-2xx answers, connection errors and timeouts, next to a
 * bare Fastify route under the same number of users measured just before (the baseline).
 * Goal: 0 errors. Seeded: 4 organizations, each with every sample call imported 5 times.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { Cleanup, createAccount, printTable, type BenchAccount } from '../lib/report.js';
import { startBenchServers } from '../lib/server.js';

const USERS = Number(process.env.LOAD_USERS ?? 200);
const DURATION = Number(process.env.LOAD_DURATION ?? 60);
const ORGS = 4;
const SAMPLE_ROUNDS = 5;

type Row = Record<string, string | number>;

function row(title: string, users: number, result: autocannon.Result): Row {
  return {
    step: title,
    users,
    'req/s (mean)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const cleanup = new Cleanup();
try {
  // The worker runs in the same process (no ROLE): it processes the sample calls.
  const { base, bareUrl } = await startBenchServers(cleanup, {
    name: 'load',
    bareServer: 'bench/api-auth/bare-server.ts',
    account: false,
  });

  // Seed: organizations with analysed calls that have audio.
  const accounts: (BenchAccount & { email: string; recording: number; audioUrl: string })[] = [];
  for (let o = 0; o < ORGS; o++) {
    const name = `load${o}`;
    const account = await createAccount(base, name);
    const auth = { authorization: `Token ${account.accessToken}` };
    const ids: number[] = [];
    for (let r = 0; r < SAMPLE_ROUNDS; r++) {
      const made = await json<{ ids: number[] }>(
        await fetch(`${base}/api/recordings/samples`, { method: 'POST', headers: auth }),
      );
      ids.push(...made.ids);
    }
    for (const id of ids) {
      for (;;) {
        const p = await json<{ status: string }>(
          await fetch(`${base}/api/transcription/progress?id=${id}`, { headers: auth }),
        );
        if (p.status === 'done' || p.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const audio = await json<{ url: string }>(
      await fetch(`${base}/api/recordings/${ids[0]}/audio-url`, { headers: auth }),
    );
    accounts.push({ ...account, email: `${name}@example.com`, recording: ids[0]!, audioUrl: audio.url });
  }

  const perStep = Math.max(1, Math.floor(USERS / 5));
  const opts = (url: string, extra: Partial<autocannon.Options> = {}): autocannon.Options => ({
    url,
    connections: perStep,
    duration: DURATION,
    timeout: 10,
    ...extra,
  });
  const a = (i: number) => accounts[i % accounts.length]!;
  const auth = (i: number) => ({ authorization: `Token ${a(i).accessToken}` });

  const bareResult = await autocannon(opts(bareUrl, { connections: perStep * 5 }));

  const [signIn, list, analysis, audio, exportCsv] = await Promise.all([
    autocannon(
      opts(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: a(0).email, password: 'bench password 1' }),
      }),
    ),
    autocannon(opts(`${base}/api/analysis/transcriptions?page=1`, { headers: auth(1) })),
    autocannon(opts(`${base}/api/analysis/analysis?id=${a(2).recording}`, { headers: auth(2) })),
    autocannon(opts(`${base}${a(3).audioUrl}`, { headers: { range: 'bytes=0-65535' } })),
    autocannon(opts(`${base}/api/recordings/export.csv`, { headers: auth(0) })),
  ]);

  const rows = [
    row(`bare Fastify GET (baseline, ${perStep * 5} users alone)`, perStep * 5, bareResult),
    row('POST /api/users/login (argon2id)', perStep, signIn),
    row('GET /api/analysis/transcriptions (list)', perStep, list),
    row('GET /api/analysis/analysis (a call)', perStep, analysis),
    row('GET /api/recordings/:id/audio (64 KB range)', perStep, audio),
    row('GET /api/recordings/export.csv', perStep, exportCsv),
  ];
  printTable(
    `load — ${perStep * 5} virtual users for ${DURATION}s (${perStep} per step, all steps at once), ${os.cpus().length} CPUs, PostgreSQL, ${ORGS} organizations × ${SAMPLE_ROUNDS * 4} calls`,
    rows,
  );
  const failures = [signIn, list, analysis, audio, exportCsv].reduce(
    (sum, r) => sum + r.non2xx + r.errors + r.timeouts,
    0,
  );
  console.log(`errors (non-2xx + connection errors + timeouts) across the steps: ${failures} (goal: 0)`);
} finally {
  await cleanup.run();
}
