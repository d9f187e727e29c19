/**
 * bench/list: GET /api/analysis/transcriptions (10 per page, search) on PostgreSQL with BENCH_ROWS
 * (default 100,000) seeded recordings, measured with autocannon (BENCH_CONNECTIONS, default 50) next
 * to a bare Fastify endpoint that returns a 10-row page of the same shape (the baseline, same run).
 * The deep page is read the way the web app reads it (the cursor of the page before), and once more
 * by page number. Each case also reports the CPU the server process and its PostgreSQL processes
 * spent per request (from /proc): on a shared machine that says more than req/s alone.
 * Then EXPLAIN (ANALYZE) of the very SQL the server's repository issues for each case
 * (captured through Drizzle's logger): a search's first request (it finds the matching ids) and the
 * next ones (they fetch a page and check the version of the organization's recordings).
 * BENCH_CASES (a regular expression over the case titles, e.g. `deep|common`) runs only some cases.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../apps/server/src/db/schema.js';
import { decodeCursor } from '../../apps/server/src/modules/recordings/list-cursor.js';
import {
  createRecordingsRepository,
  type ListPosition,
} from '../../apps/server/src/modules/recordings/recordings.repository.js';
import { backendPids, Cleanup, printTable, procCpuMs, round } from '../lib/report.js';
import { startBenchServers } from '../lib/server.js';
import { RARE_WORD, salesVocabulary, seedRecordings } from './seed.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of unmeasured load on each server before the first case (JIT, pools, generic plans). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SHOW_PLANS = process.env.BENCH_PLANS === '1';
/** Only the cases whose title matches this regular expression (e.g. `deep|common`): shorter runs. */
const CASES = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : undefined;
const PAGE_SIZE = 10;

type Row = Record<string, string | number>;

/** CPU used by the server process and by its database's PostgreSQL processes, in ms so far. */
type CpuProbe = () => Promise<{ server: number; postgres: Map<number, number> }>;

async function run(
  title: string,
  url: string,
  headers: Record<string, string>,
  cpu?: CpuProbe,
): Promise<Row> {
  const probe = await fetch(url, { headers });
  const body = await probe.text();
  if (!probe.ok) throw new Error(`${title}: ${probe.status} ${body}`);
  const parsed = JSON.parse(body) as { total?: number; totalCapped?: boolean; items?: unknown[] };
  const before = await cpu?.();
  const result = await autocannon({ url, headers, duration: DURATION, connections: CONNECTIONS });
  const after = await cpu?.();
  // CPU per request says what a request costs even when the shared machine is busy with others.
  const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(1, result.requests.total));
  let postgres = 0;
  for (const [pid, ms] of after?.postgres ?? []) postgres += ms - (before?.postgres.get(pid) ?? 0);
  return {
    endpoint: title,
    'req/s (mean)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    ...(before && after
      ? {
          'server CPU µs/req': perRequest(after.server - before.server),
          'PostgreSQL CPU µs/req': perRequest(postgres),
        }
      : {}),
    'body bytes': Buffer.byteLength(body),
    'total hits': parsed.total === undefined ? '—' : `${parsed.total}${parsed.totalCapped ? '+' : ''}`,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function explain(
  client: pg.Client,
  query: { text: string; values: unknown[] },
): Promise<{ ms: number; indexes: string; plan: string }> {
  const res = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query.text}`,
    query.values,
  );
  const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  const indexes = new Set<string>();
  for (const m of plan.matchAll(
    /(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g,
  ))
    indexes.add(m[1]!);
  if (/Seq Scan on recordings/.test(plan)) indexes.add('SEQ SCAN');
  return { ms, indexes: [...indexes].join(', ') || '—', plan };
}

const cleanup = new Cleanup();
try {
  const { base, bareUrl, db, ...started } = await startBenchServers(cleanup, {
    name: 'list',
    bareServer: 'bench/list/bare-server.ts',
    env: { ROLE: 'api' },
  });
  const account = started.account!;

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  cleanup.add('pg client', () => client.end());
  const seeded = await seedRecordings(client, {
    organizationId: account.organizationId,
    userId: account.userId,
    rows: ROWS,
  });
  console.log(
    `seeded ${ROWS} recordings (vocabulary ${seeded.vocabulary} words) in ${round(seeded.seconds)} s into ${db.name}`,
  );

  const commonWord = salesVocabulary()[0]!;
  const lastPage = Math.max(1, Math.ceil(ROWS / PAGE_SIZE));
  const deepPage = Math.min(5000, lastPage);
  const headers = { authorization: `Token ${account.accessToken}` };
  const listUrl = (params: Record<string, string>) =>
    `${base}/api/analysis/transcriptions?${new URLSearchParams(params)}`;

  // The web app reaches a deep page with the cursor of the page before it.
  let deepCursor: string | undefined;
  if (deepPage > 1) {
    const before = await fetch(listUrl({ page: String(deepPage - 1) }), { headers });
    deepCursor = ((await before.json()) as { next_cursor: string | null }).next_cursor ?? undefined;
    if (!deepCursor) throw new Error(`page ${deepPage - 1} has no next_cursor`);
  }

  type Case = { title: string; params: Record<string, string>; position: ListPosition; q?: string };
  const first: ListPosition = { kind: 'page', page: 1 };
  const allCases: Case[] = [
    { title: 'page 1, unfiltered', params: {}, position: first },
    ...(deepCursor
      ? [
          {
            title: `page ${deepPage} (deep) by cursor, unfiltered`,
            params: { cursor: deepCursor },
            position: (() => {
              const c = decodeCursor(deepCursor)!;
              return { kind: 'after' as const, key: c.key, page: c.page };
            })(),
          },
        ]
      : []),
    {
      title: `page ${deepPage} (deep) by number, unfiltered`,
      params: { page: String(deepPage) },
      position: { kind: 'page', page: deepPage },
    },
    {
      title: `search common word "${commonWord}"`,
      params: { q: commonWord },
      position: first,
      q: commonWord,
    },
    { title: `search rare word "${RARE_WORD}"`, params: { q: RARE_WORD }, position: first, q: RARE_WORD },
    { title: 'search date text "2026-03"', params: { q: '2026-03' }, position: first, q: '2026-03' },
    { title: 'search file name "call-4242"', params: { q: 'call-4242' }, position: first, q: 'call-4242' },
  ];
  const cases = allCases.filter((c) => !CASES || CASES.test(c.title));

  const serverPid = started.server.pid!;
  const cpu: CpuProbe = async () => {
    const postgres = new Map<number, number>();
    for (const pid of await backendPids(client, db.name)) postgres.set(pid, procCpuMs(pid) ?? 0);
    return { server: procCpuMs(serverPid) ?? NaN, postgres };
  };

  // Both servers warm up first, so the first case is not the one that pays for compiling the code.
  if (WARMUP > 0) {
    for (const c of cases)
      await autocannon({
        url: listUrl(c.params),
        headers,
        duration: WARMUP / cases.length,
        connections: CONNECTIONS,
      });
    await autocannon({ url: bareUrl, duration: WARMUP, connections: CONNECTIONS });
  }

  // The machine may be shared: each case runs right after its own baseline run, and is compared to it.
  const rows: Row[] = [];
  for (const c of cases) {
    const bare = await run('bare Fastify, 10-row page (baseline)', bareUrl, {});
    const row = await run(`GET transcriptions: ${c.title}`, listUrl(c.params), headers, cpu);
    row['bare req/s (just before)'] = bare['req/s (mean)']!;
    row['× bare'] = round(Number(row['req/s (mean)']) / Number(bare['req/s (mean)']), 3);
    rows.push(row);
  }
  printTable(
    `list — ${ROWS} rows, ${DURATION}s per endpoint, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, PostgreSQL` +
      ' (target: each ≥ 0.15× bare, p99 ≤ 50 ms)',
    rows,
  );

  // The repository itself, on a Drizzle instance that records the SQL it sends.
  const captured: { text: string; values: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  cleanup.add('pg pool', () => pool.end());
  const repo = createRecordingsRepository(
    drizzle(pool, {
      schema,
      logger: { logQuery: (text, values) => void captured.push({ text, values }) },
    }) as unknown as Parameters<typeof createRecordingsRepository>[0],
  );
  const plans: Row[] = [];
  let slowest = { label: '', ms: -1, plan: '' };
  for (const c of cases) {
    for (const request of c.q ? ['first request', 'next requests'] : ['every request']) {
      captured.length = 0;
      await repo.list(account.organizationId, {
        q: c.q,
        position: c.position,
        pageSize: PAGE_SIZE,
        ascending: false,
      });
      for (const [i, query] of captured.entries()) {
        const e = await explain(client, query);
        const kind = /string_agg/.test(query.text)
          ? 'matching ids'
          : /^select "recordings"|^select "id"|^select json_build_array/.test(query.text)
            ? 'page'
            : /recording_counts/.test(query.text)
              ? 'counter'
              : `query ${i + 1}`;
        const label = `${c.title} — ${request} — ${kind}`;
        plans.push({
          case: c.title,
          request,
          query: kind,
          'execution ms': round(e.ms, 2),
          'indexes used': e.indexes,
        });
        if (e.ms > slowest.ms) slowest = { label, ms: e.ms, plan: e.plan };
        if (SHOW_PLANS) console.log(`\n-- ${label}\n${e.plan}`);
      }
    }
  }
  printTable('list — EXPLAIN (ANALYZE, BUFFERS) of the SQL the repository sends, warm cache', plans);
  console.log(`\nSlowest: ${slowest.label} (${round(slowest.ms, 1)} ms)\n${slowest.plan}`);
} finally {
  await cleanup.run();
}
