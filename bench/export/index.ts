/**
 * bench/export: GET /api/recordings/export.csv on PostgreSQL with BENCH_ROWS (default 100,000) seeded
 * recordings, streamed to a temp file end to end, with the server's peak RSS before and after (the export
 * is one `COPY (SELECT …) TO STDOUT` streamed to the reply as PostgreSQL sends it, paused while the
 * client is behind, so memory must stay flat). Baseline in the same run: psql `\copy` (COPY … TO STDOUT)
 * of the same columns with the same joins and order. Each is run twice. Then EXPLAIN (ANALYZE, BUFFERS)
 * of the export's SELECT as the repository hands it to COPY (values made ready for CSV in SQL), next to
 * the baseline's, to show where the time of the database goes. BENCH_SERVER_MAIN runs another build of
 * the server (another commit's dist/main.js) against the same benchmark; BENCH_SERVER_NODE_ARGS
 * (space-separated) goes to the server's node, e.g. `--cpu-prof --cpu-prof-dir=<dir>`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../apps/server/src/db/schema.js';
import { createRecordingsRepository } from '../../apps/server/src/modules/recordings/recordings.repository.js';
import {
  Cleanup,
  createAccount,
  createThrowawayDb,
  freePort,
  kbToMb,
  PG_ADMIN_URL,
  printTable,
  procMemory,
  resetPeakRss,
  round,
  startChild,
  stopChild,
  waitForHttp,
} from '../lib/report.js';
import { seedRecordings } from '../list/seed.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const MB = 1024 * 1024;

type Row = Record<string, string | number>;

/** Counts bytes and newlines of a file as it streams. */
function countFile(file: string): Promise<{ bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let lines = 0;
    fs.createReadStream(file)
      .on('data', (c: string | Buffer) => {
        const buf = typeof c === 'string' ? Buffer.from(c) : c;
        bytes += buf.length;
        for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
      })
      .on('error', reject)
      .on('end', () => resolve({ bytes, lines }));
  });
}

/** GETs a URL straight into a file; resolves when the file is fully written. */
function download(
  url: string,
  token: string,
  file: string,
): Promise<{ status: number; seconds: number; contentType: string }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Token ${token}` } }, (res) => {
        const out = fs.createWriteStream(file);
        res.on('error', reject);
        out.on('error', reject);
        out.on('finish', () =>
          resolve({
            status: res.statusCode ?? 0,
            seconds: Number(process.hrtime.bigint() - started) / 1e9,
            contentType: String(res.headers['content-type'] ?? ''),
          }),
        );
        res.pipe(out);
      })
      .on('error', reject);
  });
}

/** The server's export columns (recordings.mapper.ts toExportValues), joins and order, as one SELECT. */
function exportSelect(organizationId: number): string {
  const ts = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
  return `select ${ts('r.created_at')} as "Date Created", r.transcript_text as "Transcription Text",
      nullif(concat_ws(' ', u.first_name, u.last_name), '') as "User",
      coalesce(r.source_url, r.original_name) as "File Name", r.crm_first_name as "First Name",
      r.crm_last_name as "Last Name", l.name as "Account Name", r.phone_number as "Phone Number",
      r.crm_email as "Email", null as "Industry", null as "Sub-Industry", l.crm_location_id as "Location ID",
      r.crm_contact_id as "Contact ID", r.source as "Source", null as "Targeting", null as "Content",
      ${ts('r.updated_at')} as "Last Activity Date", a.lead_score as "Rating",
      a.data ->> 'call_summary' as "Summary"
    from recordings r
      left join locations l on l.id = r.location_id
      left join users u on u.id = r.user_id
      left join analyses a on a.recording_id = r.id
    where r.organization_id = ${organizationId}
    order by r.created_at desc, r.id desc`.replace(/\s+/g, ' ');
}

async function runCommand(cmd: string, args: string[]): Promise<number> {
  const started = process.hrtime.bigint();
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`${cmd} exited ${code}: ${stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const cleanup = new Cleanup();
try {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  cleanup.add('temp dir', () => fs.rmSync(work, { recursive: true, force: true }));
  const db = await createThrowawayDb('bench_export');
  cleanup.add('database', () => db.drop());

  const port = await freePort();
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const server = startChild(
    'node',
    [...nodeArgs, process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: db.url,
      ROLE: 'api',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      SIGNUP_RATE_LIMIT_PER_HOUR: '100000',
    },
  );
  cleanup.add('server', () => stopChild(server));
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/health`);
  const pid = server.pid!;
  const account = await createAccount(base);

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  cleanup.add('pg client', () => client.end());
  const seeded = await seedRecordings(client, {
    organizationId: account.organizationId,
    userId: account.userId,
    rows: ROWS,
  });
  console.log(`seeded ${ROWS} recordings in ${round(seeded.seconds)} s into ${db.name}`);

  const rows: Row[] = [];
  const firstRss = procMemory(pid).rssKb;
  let hwmResettable = true;
  for (let i = 1; i <= RUNS; i++) {
    const file = path.join(work, `export-${i}.csv`);
    const before = procMemory(pid);
    hwmResettable = resetPeakRss(pid) && hwmResettable;
    const res = await download(`${base}/api/recordings/export.csv`, account.accessToken, file);
    const after = procMemory(pid);
    const { bytes, lines } = await countFile(file);
    fs.rmSync(file);
    if (res.status !== 200) throw new Error(`export ${i}: HTTP ${res.status}`);
    if (lines !== ROWS + 1) throw new Error(`export ${i}: ${lines} lines, expected ${ROWS + 1}`);
    rows.push({
      run: `GET export.csv #${i}`,
      seconds: round(res.seconds, 2),
      'MB out': round(bytes / MB),
      'MB/s': round(bytes / MB / res.seconds),
      'rows/s': Math.round(ROWS / res.seconds),
      lines,
      'RSS before MB': kbToMb(before.rssKb),
      'peak RSS MB': kbToMb(after.hwmKb),
      'peak − before MB': kbToMb(
        after.hwmKb !== undefined && before.rssKb !== undefined ? after.hwmKb - before.rssKb : undefined,
      ),
      'RSS after MB': kbToMb(after.rssKb),
    });
  }

  const pgUrl = new URL(PG_ADMIN_URL);
  const copySql = exportSelect(account.organizationId);
  for (let i = 1; i <= RUNS; i++) {
    const file = path.join(work, `copy-${i}.csv`);
    const seconds = await runCommand('psql', [
      '-h',
      pgUrl.hostname,
      '-p',
      pgUrl.port || '5432',
      '-U',
      decodeURIComponent(pgUrl.username) || 'postgres',
      '-d',
      db.name,
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `\\copy (${copySql}) TO '${file}' CSV HEADER`,
    ]);
    const { bytes, lines } = await countFile(file);
    fs.rmSync(file);
    if (lines !== ROWS + 1) throw new Error(`psql copy ${i}: ${lines} lines, expected ${ROWS + 1}`);
    rows.push({
      run: `psql \\copy #${i} (baseline)`,
      seconds: round(seconds, 2),
      'MB out': round(bytes / MB),
      'MB/s': round(bytes / MB / seconds),
      'rows/s': Math.round(ROWS / seconds),
      lines,
      'RSS before MB': '—',
      'peak RSS MB': '—',
      'peak − before MB': '—',
      'RSS after MB': '—',
    });
  }
  const secs = (prefix: string) =>
    rows.filter((r) => String(r.run).startsWith(prefix)).map((r) => Number(r.seconds));
  const best = (prefix: string) => Math.min(...secs(prefix));
  rows.push({
    run: 'best export ÷ best \\copy (target ≤ 2)',
    seconds: round(best('GET') / best('psql'), 2),
    'MB out': '',
    'MB/s': '',
    'rows/s': '',
    lines: '',
    'RSS before MB': '',
    'peak RSS MB': '',
    'peak − before MB': '',
    'RSS after MB': '',
  });
  printTable(
    `export — ${ROWS} rows, ${os.cpus().length} CPUs, PostgreSQL, server RSS at start of runs ${kbToMb(firstRss)} MB` +
      (hwmResettable ? ', peak RSS reset before each export' : ', peak RSS cumulative (clear_refs refused)') +
      ' (CSV: server writes CRLF + BOM, psql LF)',
    rows,
  );

  // The database's share: the export's SELECT (formula guard, empty texts as NULL) next to the baseline's.
  const repo = createRecordingsRepository(
    drizzle(client, { schema }) as unknown as Parameters<typeof createRecordingsRepository>[0],
  );
  const plans: Row[] = [];
  const planTexts: string[] = [];
  for (const [name, select] of [
    ['export (repository exportSelect)', repo.exportSelect(account.organizationId, {})],
    ['baseline (\\copy above)', copySql],
  ] as const) {
    const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${select}`);
    const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
    const scan = /(Index Scan(?: Backward)? using \w+|Bitmap Heap Scan on \w+|Seq Scan on \w+)/.exec(
      plan,
    )?.[1];
    plans.push({
      select: name,
      'execution ms': round(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN), 2),
      'recordings scan': scan ?? '?',
    });
    planTexts.push(`${name}:\n${plan}`);
  }
  printTable(`export — EXPLAIN (ANALYZE, BUFFERS) of the SELECT, ${ROWS} rows`, plans);
  if (process.env.BENCH_PLANS === '1') console.log(`\n${planTexts.join('\n\n')}`);
} finally {
  await cleanup.run();
}
