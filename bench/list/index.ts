/**
 * bench/list: GET /api/analysis/transcriptions (10 per page, search) on PostgreSQL with BENCH_ROWS
 * (default 100,000) seeded recordings, measured with autocannon next to a bare Fastify endpoint that
 * returns a 10-row page of the same shape (the baseline, same run). Then EXPLAIN (ANALYZE) of the
 * server's two queries per case (the page and its count) to show which indexes they use.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  Cleanup,
  createAccount,
  createThrowawayDb,
  freePort,
  printTable,
  round,
  startChild,
  stopChild,
  waitForHttp,
} from '../lib/report.js';
import { RARE_WORD, salesVocabulary, seedRecordings } from './seed.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SHOW_PLANS = process.env.BENCH_PLANS === '1';
const PAGE_SIZE = 10;

type Row = Record<string, string | number>;

async function run(title: string, url: string, headers: Record<string, string>): Promise<Row> {
  const probe = await fetch(url, { headers });
  const body = await probe.text();
  if (!probe.ok) throw new Error(`${title}: ${probe.status} ${body}`);
  const parsed = JSON.parse(body) as { total?: number; items?: unknown[] };
  const result = await autocannon({ url, headers, duration: DURATION, connections: CONNECTIONS });
  return {
    endpoint: title,
    'req/s (mean)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'body bytes': Buffer.byteLength(body),
    'total hits': parsed.total ?? '—',
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Mirrors toPrefixTsQuery and the ilike pattern of recordings.repository.ts. */
function searchParams(q: string): { tsq: string | null; like: string } {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const tsq = words.length
    ? words
        .slice(0, 12)
        .map((w) => `'${w}':*`)
        .join(' & ')
    : null;
  return { tsq, like: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}

/** The server's list page and count queries (recordings.repository.ts `list`), as Drizzle renders them. */
function listQueries(organizationId: number, q: string | undefined, page: number) {
  const params: unknown[] = [organizationId];
  let where = '"recordings"."organization_id" = $1';
  if (q) {
    const { tsq, like } = searchParams(q);
    const ors: string[] = [];
    if (tsq) {
      params.push(tsq);
      ors.push(`"recordings"."search" @@ to_tsquery('simple', $${params.length})`);
    }
    params.push(like);
    ors.push(`"recordings"."original_name" ilike $${params.length}`);
    params.push(like);
    ors.push(`"recordings"."created_text" ilike $${params.length}`);
    where = `(${where} and (${ors.join(' or ')}))`;
  }
  const n = params.length;
  const pageSql =
    `select "recordings"."id", "recordings"."created_at", "recordings"."date_added", "recordings"."original_name",
       "recordings"."crm_message_id", "recordings"."crm_contact_id", "recordings"."crm_first_name",
       "recordings"."crm_last_name", "recordings"."crm_contact_name", "recordings"."crm_email",
       "recordings"."phone_number", "recordings"."num_speakers", "recordings"."duration_sec",
       "recordings"."location_id", "locations"."name", "recordings"."source", "recordings"."status",
       "recordings"."progress", "recordings"."error"
     from "recordings" left join "locations" on "locations"."id" = "recordings"."location_id"
     where ${where} order by "recordings"."created_at" desc, "recordings"."id" desc` +
    ` limit $${n + 1} offset $${n + 2}`;
  const countSql = `select count(*)::int from "recordings" where ${where}`;
  return {
    page: { text: pageSql, values: [...params, PAGE_SIZE, (page - 1) * PAGE_SIZE] },
    count: { text: countSql, values: params },
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
  const db = await createThrowawayDb('bench_list');
  cleanup.add('database', () => db.drop());

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-'));
  cleanup.add('temp dir', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const appPort = await freePort();
  const barePort = await freePort();
  const server = startChild('node', [path.join(root, 'apps/server/dist/main.js')], {
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    ROLE: 'api',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '100000',
  });
  cleanup.add('server', () => stopChild(server));
  const bare = startChild(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/list/bare-server.ts')],
    {
      PORT: String(barePort),
    },
  );
  cleanup.add('bare server', () => stopChild(bare));

  const base = `http://127.0.0.1:${appPort}`;
  await waitForHttp(`${base}/api/health`);
  await waitForHttp(`http://127.0.0.1:${barePort}/bare`);
  const account = await createAccount(base);

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
  const cases: { title: string; page: number; q?: string }[] = [
    { title: 'page 1, unfiltered', page: 1 },
    { title: `page ${deepPage} (deep), unfiltered`, page: deepPage },
    { title: `search common word "${commonWord}"`, page: 1, q: commonWord },
    { title: `search rare word "${RARE_WORD}"`, page: 1, q: RARE_WORD },
    { title: 'search date text "2026-03"', page: 1, q: '2026-03' },
    { title: 'search file name "call-4242"', page: 1, q: 'call-4242' },
  ];

  const headers = { authorization: `Token ${account.accessToken}` };
  const rows: Row[] = [
    await run('bare Fastify, 10-row page (baseline)', `http://127.0.0.1:${barePort}/bare`, {}),
  ];
  for (const c of cases) {
    const qs = new URLSearchParams({ page: String(c.page), ...(c.q ? { q: c.q } : {}) });
    rows.push(
      await run(`GET transcriptions: ${c.title}`, `${base}/api/analysis/transcriptions?${qs}`, headers),
    );
  }
  printTable(
    `list — ${ROWS} rows, ${DURATION}s per endpoint, ${CONNECTIONS} connections, ${os.cpus().length} CPUs, PostgreSQL`,
    rows,
  );

  const plans: Row[] = [];
  let slowest = { label: '', ms: -1, plan: '' };
  for (const c of cases) {
    const q = listQueries(account.organizationId, c.q, c.page);
    for (const [kind, query] of [
      ['page', q.page],
      ['count', q.count],
    ] as const) {
      const e = await explain(client, query);
      plans.push({ case: c.title, query: kind, 'execution ms': round(e.ms, 2), 'indexes used': e.indexes });
      if (e.ms > slowest.ms) slowest = { label: `${c.title} — ${kind} query`, ms: e.ms, plan: e.plan };
      if (SHOW_PLANS) console.log(`\n-- ${c.title} — ${kind}\n${e.plan}`);
    }
  }
  printTable('list — EXPLAIN (ANALYZE, BUFFERS) of the server-equivalent SQL, warm cache', plans);
  console.log(`\nSlowest: ${slowest.label} (${round(slowest.ms, 1)} ms)\n${slowest.plan}`);
} finally {
  await cleanup.run();
}
