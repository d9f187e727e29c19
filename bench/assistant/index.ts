/**
 * bench/assistant: the four suggestion prompts of the chat (POST /api/agent/query, offline engine)
 * on PostgreSQL with BENCH_ROWS (default 100,000) seeded recordings with contacts and analyses, about
 * 1 in 499 of them today. Each prompt runs for BENCH_DURATION seconds with BENCH_CONNECTIONS
 * concurrent clients; p50/p95/p99 are printed next to a bare Fastify route answering a markdown
 * string of the same size (the baseline, same run). Goal: p95 ≤ 150 ms.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { salesVocabulary } from '../list/seed.js';
import { Cleanup, printTable, round } from '../lib/report.js';
import { startBenchServers } from '../lib/server.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const GOAL_P95_MS = 150;

const PROMPTS = [
  "Today's Leads: List all the leads from today",
  'Top Leads: Who are the top leads today?',
  'New Leads: List all leads created today',
  'Call Insights AI: Who are you and what can you do?',
].map((p) => {
  const [title, query] = p.split(': ');
  return { title: title!, query: query! };
});

/** Contacts, analyses and transcripts for one organization in two SQL statements, then ANALYZE. */
async function seed(client: pg.Client, organizationId: number, userId: number): Promise<number> {
  const started = Date.now();
  await client.query(
    `insert into recordings (organization_id, user_id, source, original_name, num_speakers, status, progress,
       transcript_text, duration_sec, created_at, date_added, updated_at, created_text,
       crm_contact_name, phone_number)
     select $1, $2, 'uploaded_file', 'call-' || g || '.wav', 2, 'done', 100, w.text, 60 + (g % 900),
       c.ts, c.ts, c.ts, to_char(c.ts at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'),
       'Contact ' || (g % 20000), '+1555' || lpad((g % 20000)::text, 7, '0')
     from generate_series(1, $3::int) g
     cross join lateral (
       select date_trunc('milliseconds', case when g % 499 = 0
         then date_trunc('day', now()) + random() * (now() - date_trunc('day', now()))
         else now() - interval '1 day' - random() * interval '729 days' end + g * interval '0 s') as ts
     ) c
     cross join lateral (
       select string_agg(($4::text[])[1 + floor(power(random(), 3) * array_length($4::text[], 1))::int], ' ') as text
       from generate_series(1, 60 + (random() * 60)::int + g * 0)
     ) w`,
    [organizationId, userId, ROWS, salesVocabulary()],
  );
  await client.query(
    `insert into analyses (recording_id, organization_id, analyzer, result_class, lead_score, data)
     select r.id, r.organization_id, 'rules', k.cls, k.score,
       jsonb_build_object('call_summary', 'Summary of call ' || r.id, 'call_results', 'Next step for ' || r.id,
         'objections', case when r.id % 3 = 0 then '["Too expensive"]'::jsonb else '["Timing"]'::jsonb end,
         'pain_points', '["Missed calls"]'::jsonb, 'lead_score_reasons', '["Base (40)"]'::jsonb,
         'result_class', k.cls, 'lead_score', k.score)
     from recordings r
     cross join lateral (select (array['appointment','follow_up','not_interested','other'])[1 + r.id % 4] as cls,
       (r.id * 37) % 101 as score) k
     where r.organization_id = $1`,
    [organizationId],
  );
  await client.query('analyze recordings');
  await client.query('analyze analyses');
  return (Date.now() - started) / 1000;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** CONNECTIONS loops sending `send()` for DURATION seconds; latencies in ms. */
async function measure(send: () => Promise<Response>): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const res = await send();
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!res.ok) errors++;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

function row(title: string, m: { latencies: number[]; errors: number }, bytes: number) {
  const p95 = percentile(m.latencies, 95);
  return {
    endpoint: title,
    requests: m.latencies.length,
    'req/s': Math.round(m.latencies.length / DURATION),
    'p50 ms': round(percentile(m.latencies, 50)),
    'p95 ms': round(p95),
    'p99 ms': round(percentile(m.latencies, 99)),
    'answer bytes': bytes,
    errors: m.errors,
    [`p95 ≤ ${GOAL_P95_MS} ms`]: p95 <= GOAL_P95_MS ? 'yes' : 'NO',
  };
}

const cleanup = new Cleanup();
try {
  const { base, bareUrl, db, ...started } = await startBenchServers(cleanup, {
    name: 'assistant',
    bareServer: 'bench/assistant/bare-server.ts',
    env: { ROLE: 'api', ANALYZER: 'rules' },
    account: 'assistant',
  });
  const account = started.account!;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  cleanup.add('pg client', () => client.end());
  const seconds = await seed(client, account.organizationId, account.userId);
  console.log(
    `seeded ${ROWS} recordings with analyses (20,000 contacts, ~1 in 499 today) in ${round(seconds)} s`,
  );

  const headers = { authorization: `Token ${account.accessToken}`, 'content-type': 'application/json' };
  const bareBytes = (await (await fetch(bareUrl, { method: 'POST', body: '{}' })).arrayBuffer()).byteLength;
  const rows = [
    row(
      'bare Fastify route (baseline)',
      await measure(() => fetch(bareUrl, { method: 'POST', body: '{}' })),
      bareBytes,
    ),
  ];

  for (const prompt of PROMPTS) {
    // One conversation per prompt, as the page would use; every request also saves two messages.
    const session = randomUUID();
    const body = JSON.stringify({
      query: prompt.query,
      session_id: session,
      id_usuario: account.userId,
      timezone: 'UTC',
    });
    const probe = await fetch(`${base}/api/agent/query`, { method: 'POST', headers, body });
    const answer = await probe.text();
    if (!probe.ok) throw new Error(`${prompt.title}: ${probe.status} ${answer}`);
    const first = (JSON.parse(answer) as { response: string }).response.split('\n')[0];
    console.log(`${prompt.title}: ${first}`);
    const m = await measure(() => fetch(`${base}/api/agent/query`, { method: 'POST', headers, body }));
    rows.push(row(`${prompt.title} — “${prompt.query}”`, m, Buffer.byteLength(answer)));
  }
  printTable(
    `assistant — offline engine, ${ROWS} recordings, ${DURATION}s per prompt, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, PostgreSQL`,
    rows,
  );
} finally {
  await cleanup.run();
}
