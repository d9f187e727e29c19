/** Shared helpers for benchmarks: child servers, waiting for ports, and side-by-side tables. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export function startChild(cmd: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  // A child stopped by a signal keeps `exitCode` null and has `signalCode` set instead: waiting for
  // its 'exit' again would wait forever (and a second stop of the same child hung bench/ingest).
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}

/** Runs registered clean-ups once, last in first out; also on SIGINT/SIGTERM so Ctrl-C leaves nothing behind. */
export class Cleanup {
  private readonly tasks: { label: string; fn: () => unknown }[] = [];
  private done = false;
  private readonly onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: cleaning up…`);
    void this.run().finally(() => process.exit(130));
  };

  constructor() {
    process.once('SIGINT', this.onSignal);
    process.once('SIGTERM', this.onSignal);
  }

  add(label: string, fn: () => unknown): void {
    this.tasks.push({ label, fn });
  }

  async run(): Promise<void> {
    if (this.done) return;
    this.done = true;
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    for (const task of this.tasks.reverse()) {
      try {
        await task.fn();
      } catch (err) {
        console.error(`clean-up "${task.label}" failed:`, err instanceof Error ? err.message : err);
      }
    }
  }
}

/** Memory figures of a live process from /proc/<pid>/status, in KiB (undefined when not readable). */
export function procMemory(pid: number): { rssKb?: number; hwmKb?: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => {
      const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
      return m ? Number(m[1]) : undefined;
    };
    return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
  } catch {
    return {};
  }
}

/** Resets a process's peak RSS (VmHWM) to its current RSS (Linux ≥ 4.0); false when not allowed. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** CPU time (user + system) a live process has used, in ms (undefined when not readable; Linux). */
export function procCpuMs(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ: the unit of /proc/<pid>/stat times (100 on Linux). */
const CLOCK_TICKS = 100;

/** The PostgreSQL server processes of a database's sessions (same machine), for procCpuMs. */
export async function backendPids(client: pg.Client, database: string): Promise<number[]> {
  const res = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return res.rows.map((r) => r.pid);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds to `digits` decimals for tables. */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const kbToMb = (kb: number | undefined): number | string =>
  kb === undefined ? 'n/a' : round(kb / 1024);

export type BenchAccount = { accessToken: string; userId: number; organizationId: number };

/** Signs up and signs in one account through the API. */
export async function createAccount(base: string, name = 'bench'): Promise<BenchAccount> {
  const account = {
    firstName: 'Bench',
    lastName: 'User',
    userName: `${name}_user`,
    email: `${name}@example.com`,
    organization: 'Bench',
    password: 'bench password 1',
    confirmPassword: 'bench password 1',
  };
  const signUp = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const body = (await login.json()) as { accessToken: string; user: { id: number; organizationId: number } };
  return { accessToken: body.accessToken, userId: body.user.id, organizationId: body.user.organizationId };
}

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates an empty PostgreSQL database `<prefix>_<random>`; drop() removes it WITH (FORCE). */
export async function createThrowawayDb(
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
