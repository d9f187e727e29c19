/**
 * bench/ingest: streaming upload of a large WAV (BENCH_FILE_MB, default 200) to the built server on
 * PGlite (ROLE=api, so no pipeline runs), timed end to end, with the server's peak RSS (VmHWM) to show
 * the upload is streamed to disk and never held in memory. Baseline in the same run: `cp` of the same
 * file (and `cp` + `sync FILE`, since the server fsyncs the stored file before publishing it), and the
 * same upload to a bare Node HTTP server that only streams the body to a file and fsyncs it (what
 * any Node HTTP upload can reach on this machine). Every timed run, of the server and of the
 * baselines, starts on a quiet disk (`sync` first), and the medians are of BENCH_RUNS (default 5).
 *
 * The client is curl (BENCH_INGEST_CLIENT=curl, the default when /usr/bin/curl exists) sending the
 * same multipart body to both servers: on this 2-CPU machine a Node client takes most of a core that
 * the server then lacks, whereas a user's browser uploads from another machine. BENCH_INGEST_CLIENT=node
 * keeps the Node http client (same bytes, streamed from disk) for comparison with earlier runs.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Cleanup,
  createAccount,
  freePort,
  kbToMb,
  median,
  printTable,
  procMemory,
  resetPeakRss,
  round,
  startChild,
  stopChild,
  waitForHttp,
} from '../lib/report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/**
 * Untimed uploads first, to the server and to the bare baseline alike (BENCH_WARMUP, default 1): the
 * first upload of a process is the slowest (JIT, first allocations), which a server that stays up
 * pays once. Their memory still counts in the RSS growth.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const MB = 1024 * 1024;
const CLIENT =
  process.env.BENCH_INGEST_CLIENT === 'node' || !fs.existsSync('/usr/bin/curl') ? 'node' : 'curl';

type Row = Record<string, string | number>;

/** Writes a 16 kHz mono 16-bit PCM WAV of exactly `totalBytes` bytes, streamed in 1 MiB chunks. */
async function writeWav(file: string, totalBytes: number): Promise<void> {
  const dataBytes = (totalBytes - 44) & ~1;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(16_000, 24); // sample rate
  header.writeUInt32LE(16_000 * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  const out = fs.createWriteStream(file);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      out.write(chunk, (err) => (err ? reject(err) : resolve()));
    });
  await write(header);
  const chunk = Buffer.alloc(MB);
  for (let left = dataBytes; left > 0; left -= MB) {
    randomFillSync(chunk); // noise: nothing along the way can compress it
    await write(left >= MB ? chunk : chunk.subarray(0, left));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

/** multipart/form-data upload: preamble + file stream + epilogue, with an exact Content-Length. */
async function upload(
  url: string,
  token: string,
  file: string,
): Promise<{ status: number; body: string; seconds: number }> {
  const size = fs.statSync(file).size;
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n\r\n${JSON.stringify({ num_speakers: 2 })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      `Content-Type: audio/wav\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Token ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': preamble.length + size + epilogue.length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          seconds: Number(process.hrtime.bigint() - started) / 1e9,
        }),
      );
    });
    req.write(preamble);
    const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    stream.on('error', (err) => req.destroy(err));
    stream.on('end', () => req.end(epilogue));
    stream.pipe(req, { end: false });
  });
}

/** The same multipart upload (a `json` field, then the file streamed from disk) sent by curl. */
async function curlUpload(
  url: string,
  token: string,
  file: string,
): Promise<{ status: number; body: string; seconds: number }> {
  const args = [
    '-sS',
    '-o',
    '-',
    '-w',
    '\n%{http_code} %{time_total}',
    '-H',
    `authorization: Token ${token}`,
    '-H',
    'Expect:',
    '-F',
    `json=${JSON.stringify({ num_speakers: 2 })};type=application/json`,
    '-F',
    `file=@${file};type=audio/wav`,
    url,
  ];
  const child = spawn('curl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`curl exited ${code}: ${err}`);
  const cut = out.lastIndexOf('\n');
  const [status, seconds] = out.slice(cut + 1).split(' ');
  return { status: Number(status), body: out.slice(0, cut), seconds: Number(seconds) };
}

const send = CLIENT === 'curl' ? curlUpload : upload;

/**
 * The transport's ceiling on this machine: a bare Node HTTP server in its own process that streams
 * the request body to a file and fsyncs it, nothing else (no multipart, auth, sniffing or database).
 */
const BARE_SERVER = `
const http = require('node:http'), fs = require('node:fs'), { pipeline } = require('node:stream/promises');
const dir = process.argv[1];
let n = 0;
const srv = http.createServer(async (req, res) => {
  const file = dir + '/bare-' + (n++) + '.bin';
  const h = await fs.promises.open(file, 'w');
  await pipeline(req, fs.createWriteStream(null, { fd: h.fd, autoClose: false, highWaterMark: 1 << 20 }));
  await h.sync(); await h.close(); fs.rmSync(file);
  res.writeHead(201).end('{}');
});
srv.listen(0, '127.0.0.1', () => process.stdout.write(String(srv.address().port) + '\\n'));
`;

async function startBareServer(dir: string): Promise<{ port: number; child: ReturnType<typeof spawn> }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', (c: Buffer) => resolve(Number(c.toString().trim())));
  });
  return { port, child };
}

/** Runs a command, optionally under `/usr/bin/time -v` to get its peak RSS. */
async function timed(
  cmd: string,
  args: string[],
  withTime: boolean,
): Promise<{ seconds: number; maxRssKb?: number }> {
  const started = process.hrtime.bigint();
  const child = withTime
    ? spawn('/usr/bin/time', ['-v', cmd, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr}`);
  const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  return { seconds, maxRssKb: m ? Number(m[1]) : undefined };
}

/**
 * Writes every dirty page out (`sync`) before a timed run, the server's and the baselines' alike, so
 * no run pays for the disk still flushing what came before it (the generated WAV, the last copy).
 */
async function quietDisk(): Promise<void> {
  await timed('sync', [], false);
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile());
}

const cleanup = new Cleanup();
try {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  cleanup.add('temp dir', () => fs.rmSync(work, { recursive: true, force: true }));
  const dataDir = path.join(work, 'data');
  const src = path.join(work, 'call.wav');
  const fileBytes = Math.round(FILE_MB * MB);

  const genStart = Date.now();
  await writeWav(src, fileBytes);
  const size = fs.statSync(src).size;
  console.log(`generated ${round(size / MB)} MB WAV in ${Date.now() - genStart} ms`);

  const port = await freePort();
  const server = startChild('node', [path.join(root, 'apps/server/dist/main.js')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ROLE: 'api',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '100000',
    SIGNUP_RATE_LIMIT_PER_HOUR: '100000',
    MAX_UPLOAD_MB: String(Math.max(500, Math.ceil(FILE_MB) + 10)),
  });
  cleanup.add('server', () => stopChild(server));
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/health`);
  const pid = server.pid!;
  const { accessToken } = await createAccount(base);
  const audioDir = path.join(dataDir, 'audio');

  const rows: Row[] = [];
  const uploadSeconds: number[] = [];
  let hwmResettable = true;
  for (let i = 1 - WARMUP; i <= RUNS; i++) {
    const warm = i < 1;
    const before = procMemory(pid);
    hwmResettable = resetPeakRss(pid) && hwmResettable;
    const existing = new Set(listFiles(audioDir));
    await quietDisk();
    const res = await send(`${base}/api/analysis/upload_file`, accessToken, src);
    const after = procMemory(pid);
    if (res.status !== 201) throw new Error(`upload ${i} failed: ${res.status} ${res.body}`);
    const stored = listFiles(audioDir).filter((f) => !existing.has(f) && !path.basename(f).startsWith('.'));
    const storedSize = stored.length === 1 ? fs.statSync(stored[0]!).size : -1;
    if (storedSize !== size) {
      throw new Error(`upload ${i}: stored ${stored.length} file(s), size ${storedSize}, expected ${size}`);
    }
    for (const f of stored) fs.rmSync(f); // keep the disk use at one copy; ROLE=api never reads it
    if (!warm) uploadSeconds.push(res.seconds);
    rows.push({
      run: warm ? 'POST upload_file warm-up (not in the median)' : `POST upload_file #${i}`,
      seconds: round(res.seconds, 2),
      'MB/s': round(size / MB / res.seconds),
      'RSS before MB': kbToMb(before.rssKb),
      'peak RSS MB': kbToMb(after.hwmKb),
      'peak − before MB': kbToMb(
        after.hwmKb !== undefined && before.rssKb !== undefined ? after.hwmKb - before.rssKb : undefined,
      ),
      verified: `201, ${storedSize} B stored`,
    });
  }

  // Same client, same bytes, to the bare server: what any Node HTTP upload can reach here.
  const bare = await startBareServer(work);
  cleanup.add('bare server', () => stopChild(bare.child));
  const bareSeconds: number[] = [];
  const bareRows: Row[] = [];
  for (let i = 1 - WARMUP; i <= RUNS; i++) {
    await quietDisk();
    const res = await send(`http://127.0.0.1:${bare.port}/`, accessToken, src);
    if (res.status !== 201) throw new Error(`bare upload ${i} failed: ${res.status}`);
    if (i >= 1) bareSeconds.push(res.seconds);
    bareRows.push({
      run:
        i < 1
          ? 'bare Node HTTP warm-up (not in the median)'
          : `bare Node HTTP → file + fsync #${i} (baseline)`,
      seconds: round(res.seconds, 2),
      'MB/s': round(size / MB / res.seconds),
      'RSS before MB': '—',
      'peak RSS MB': '—',
      'peak − before MB': '—',
      verified: '201',
    });
  }
  await stopChild(bare.child);

  const withTime = fs.existsSync('/usr/bin/time');
  const cpSeconds: number[] = [];
  const cpSyncSeconds: number[] = [];
  const baselineRows: Row[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const dst = path.join(work, `copy-${i}.wav`);
    await quietDisk();
    const cp = await timed('cp', [src, dst], withTime);
    if (fs.statSync(dst).size !== size) throw new Error('cp produced a different size');
    fs.rmSync(dst);
    const dst2 = path.join(work, `copy-sync-${i}.wav`);
    await quietDisk();
    const started = process.hrtime.bigint();
    await timed('cp', [src, dst2], false);
    await timed('sync', [dst2], false);
    const cpSync = Number(process.hrtime.bigint() - started) / 1e9;
    fs.rmSync(dst2);
    cpSeconds.push(cp.seconds);
    cpSyncSeconds.push(cpSync);
    baselineRows.push({
      run: `cp #${i} (baseline)`,
      seconds: round(cp.seconds, 2),
      'MB/s': round(size / MB / cp.seconds),
      'RSS before MB': '—',
      'peak RSS MB': withTime ? kbToMb(cp.maxRssKb) : 'n/a',
      'peak − before MB': '—',
      verified: 'same size',
    });
    baselineRows.push({
      run: `cp + sync FILE #${i} (baseline)`,
      seconds: round(cpSync, 2),
      'MB/s': round(size / MB / cpSync),
      'RSS before MB': '—',
      'peak RSS MB': '—',
      'peak − before MB': '—',
      verified: 'same size',
    });
  }

  const med = (label: string, values: number[]): Row => ({
    run: label,
    seconds: round(median(values), 2),
    'MB/s': round(size / MB / median(values)),
    'RSS before MB': '',
    'peak RSS MB': '',
    'peak − before MB': '',
    verified: '',
  });
  printTable(
    `ingest — ${round(size / MB)} MB WAV, ${RUNS} runs after ${WARMUP} warm-up, ${os.cpus().length} CPUs, PGlite, ROLE=api, client ${CLIENT}` +
      (hwmResettable ? ' (peak RSS reset before each upload)' : ' (peak RSS cumulative: clear_refs refused)'),
    [
      ...rows,
      ...bareRows,
      ...baselineRows,
      med('MEDIAN POST upload_file', uploadSeconds),
      med('MEDIAN bare Node HTTP → file + fsync (baseline)', bareSeconds),
      med('MEDIAN cp (baseline)', cpSeconds),
      med('MEDIAN cp + sync FILE (baseline)', cpSyncSeconds),
    ],
  );
  const growth = rows.map((r) => Number(r['peak − before MB'])).filter((v) => !Number.isNaN(v));
  console.log(
    `upload ÷ (cp + sync FILE), medians: ${round(median(cpSyncSeconds) / median(uploadSeconds), 2)}× (target ≥ 0.5); ` +
      `server RSS growth during an upload: max ${round(Math.max(...growth))} MB (target ≤ 64)`,
  );
  console.log(
    `bare Node HTTP → file ÷ (cp + sync FILE): ${round(median(cpSyncSeconds) / median(bareSeconds), 2)}× ` +
      `(the transport's ceiling here); upload ÷ bare: ${round(median(bareSeconds) / median(uploadSeconds), 2)}×`,
  );
  console.log(
    `bench process peak RSS: ${round(process.resourceUsage().maxRSS / 1024)} MB (the upload is streamed, not buffered)`,
  );
} finally {
  await cleanup.run();
}
