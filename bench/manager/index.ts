/**
 * bench/manager: the manager dashboard's summary (`GET /api/manager/dashboard/summary`, every
 * range) and its other figures over BENCH_ROWS (default 100,000) analysed recordings on
 * PostgreSQL, measured with autocannon next to two baselines of the same run: a bare Fastify
 * route (no database, no auth) and the server's own cheapest authenticated route
 * (`GET /api/users/verify-token`: token check from the session cache, no query).
 * Then EXPLAIN (ANALYZE) of the summary's SQL for "all" and "365" to show the indexes used.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { Cleanup, printTable, round } from '../lib/report.js';
import { startBenchServers } from '../lib/server.js';
import { seedRecordings } from '../list/seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Row = Record<string, string | number>;

async function run(title: string, url: string, headers: Record<string, string>): Promise<Row> {
  const probe = await fetch(url, { headers });
  const body = await probe.text();
  if (!probe.ok) throw new Error(`${title}: ${probe.status} ${body}`);
  const result = await autocannon({ url, headers, duration: DURATION, connections: CONNECTIONS });
  return {
    endpoint: title,
    'req/s (mean)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'body bytes': Buffer.byteLength(body),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** One analysis per recording: lists of 0–11 questions, 0–3 objections, 0–4 pain points, 0–2 prices. */
async function seedAnalyses(client: pg.Client, organizationId: number): Promise<number> {
  const started = Date.now();
  await client.query(
    `insert into analyses (recording_id, organization_id, analyzer, result_class, lead_score, data, metrics)
     select r.id, r.organization_id, 'rules',
       (array['appointment','follow_up','not_interested','other'])[1 + (r.id % 4)], 50,
       jsonb_build_object(
         'questions', (select coalesce(jsonb_agg('q' || i), '[]') from generate_series(1, r.id % 12) i),
         'objections', (select coalesce(jsonb_agg('o' || i), '[]') from generate_series(1, r.id % 4) i),
         'pain_points', (select coalesce(jsonb_agg('p' || i), '[]') from generate_series(1, r.id % 5) i),
         'pricing_discussed', (select coalesce(jsonb_agg('$' || i), '[]') from generate_series(1, r.id % 3) i),
         'call_summary', 'A call.'),
       null
     from recordings r where r.organization_id = $1`,
    [organizationId],
  );
  // A settled table: statistics and the visibility map that index-only scans rely on.
  await client.query('vacuum analyze analyses');
  await client.query('vacuum analyze recordings');
  return (Date.now() - started) / 1000;
}

async function explain(client: pg.Client, text: string, values: unknown[]) {
  const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
  const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  const indexes = new Set<string>();
  for (const m of plan.matchAll(
    /(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g,
  ))
    indexes.add(m[1]!);
  if (/Seq Scan/.test(plan)) indexes.add('SEQ SCAN');
  return { ms, indexes: [...indexes].join(', ') || '—', plan };
}

const cleanup = new Cleanup();
try {
  const { base, bareUrl, db, ...started } = await startBenchServers(cleanup, {
    name: 'manager',
    bareServer: 'bench/list/bare-server.ts',
    env: { ROLE: 'api' },
  });
  // The account that signs up is its organization's admin: it may read the manager routes.
  const account = started.account!;

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  cleanup.add('pg client', () => client.end());
  const seeded = await seedRecordings(client, {
    organizationId: account.organizationId,
    userId: account.userId,
    rows: ROWS,
  });
  const analysed = await seedAnalyses(client, account.organizationId);
  console.log(
    `seeded ${ROWS} recordings in ${round(seeded.seconds)} s and their analyses in ${round(analysed)} s`,
  );

  const headers = { authorization: `Token ${account.accessToken}` };
  const rows: Row[] = [
    await run('bare Fastify route (baseline)', bareUrl, {}),
    await run('GET /api/users/verify-token (auth only, baseline)', `${base}/api/users/verify-token`, headers),
  ];
  for (const duration of ['6', '29', '365', 'all']) {
    rows.push(
      await run(
        `GET summary?duration=${duration}`,
        `${base}/api/manager/dashboard/summary?duration=${duration}`,
        headers,
      ),
    );
  }
  rows.push(await run('GET total-recordings', `${base}/api/manager/dashboard/total-recordings`, headers));
  rows.push(await run('GET total-times', `${base}/api/manager/dashboard/total-times`, headers));
  rows.push(await run('GET results', `${base}/api/manager/dashboard/results`, headers));
  rows.push(
    await run(
      'GET manager/users?sort=recordings',
      `${base}/api/manager/users?sort=recordings&order=desc`,
      headers,
    ),
  );
  printTable(
    `manager — ${ROWS} analysed recordings, ${DURATION}s per endpoint, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, PostgreSQL`,
    rows,
  );

  // The summary's SQL (manager.repository.ts `totals` and `countsBy`), as the server sends it.
  const org = account.organizationId;
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
  const sums = `coalesce(sum(a.question_count),0), coalesce(sum(a.objection_count),0), coalesce(sum(a.pain_point_count),0), coalesce(sum(a.pricing_count),0)`;
  const plans: Row[] = [];
  for (const [label, text, values] of [
    ['totals, all', `select ${sums} from analyses a where a.organization_id = $1`, [org]],
    [
      'totals, 365 days',
      `select ${sums} from analyses a join recordings r on r.id = a.recording_id and r.organization_id = $1 where a.organization_id = $1 and r.created_at >= $2::timestamptz`,
      [org, yearAgo],
    ],
    [
      'counts by month, 365 days',
      `select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM-DD'), count(*) from recordings where organization_id = $1 and created_at >= $2::timestamptz group by 1 order by 1`,
      [org, yearAgo],
    ],
  ] as const) {
    const e = await explain(client, text, [...values]);
    plans.push({ query: label, 'execution ms': round(e.ms, 2), 'indexes used': e.indexes });
  }
  printTable('manager — EXPLAIN (ANALYZE, BUFFERS) of the summary SQL, warm cache', plans);
} finally {
  await cleanup.run();
}
