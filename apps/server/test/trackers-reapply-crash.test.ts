/**
 * Crash test of the trackers re-apply job: the real server process (on PostgreSQL, worker
 * in-process) is killed with SIGKILL while a batch is in flight; after a restart the run picks up
 * from its last committed batch and ends with every call's mentions exactly once.
 *
 * The batch is held in flight without timing tricks: the test locks one recording's row
 * (SELECT … FOR UPDATE), so the job's insert of that call's mentions (whose foreign key needs a
 * share lock on the row) waits until the test lets go — by then the process is dead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createThrowawayPostgres } from '../src/test-support/app-harness.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      // not ready yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

type Run = { id: number; status: string; processed: number; total: number };
type Hits = { trackers: { name: string; hits: { said: string }[] }[] };

describe.skipIf(!BACKENDS.includes('postgres'))(
  'trackers re-apply crash recovery (PostgreSQL only, skipped when TEST_BACKENDS leaves it out: the test holds a row lock from a second connection)',
  () => {
    let child: ChildProcess | undefined;
    let database: { url: string; drop(): Promise<void> };
    let locker: pg.Client | undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reapply-crash-'));
    let port: number;
    let log = '';

    const start = () => {
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          LOG_LEVEL: 'info',
          AUTH_RATE_LIMIT_MAX: '1000',
          SIGNUP_RATE_LIMIT_PER_HOUR: '1000',
          TRACKERS_REAPPLY_BATCH_SIZE: '2',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
    };
    const base = () => `http://127.0.0.1:${port}`;

    beforeAll(async () => {
      database = await createThrowawayPostgres();
      port = await freePort();
    });
    afterAll(async () => {
      child?.kill('SIGKILL');
      await locker?.end().catch(() => undefined);
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      'finishes a re-apply run once after the worker is killed mid-batch',
      { timeout: 240_000 },
      async () => {
        start();
        await until('server start', async () =>
          (await fetch(`${base()}/api/health`)).ok ? true : undefined,
        );
        const account = {
          firstName: 'Kim',
          lastName: 'Crash',
          userName: 'kim_reapply',
          email: 'kim@example.com',
          organization: 'Reapply Co',
          password: 'crash test password',
          confirmPassword: 'crash test password',
        };
        const json = { 'content-type': 'application/json' };
        expect(
          (
            await fetch(`${base()}/api/users`, {
              method: 'POST',
              headers: json,
              body: JSON.stringify(account),
            })
          ).status,
        ).toBe(201);
        const login = await fetch(`${base()}/api/users/login`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: account.email, password: account.password }),
        });
        const { accessToken } = (await login.json()) as { accessToken: string };
        const auth = { authorization: `Token ${accessToken}` };
        const get = async <T>(url: string) =>
          (await (await fetch(`${base()}${url}`, { headers: auth })).json()) as T;

        // The four shipped sample calls, analysed (ids ascending in file-name order: discovery,
        // rendez-vous, roofing, software).
        const samples = await fetch(`${base()}/api/recordings/samples`, { method: 'POST', headers: auth });
        expect(samples.status).toBe(201);
        const ids = ((await samples.json()) as { ids: number[] }).ids.sort((a, b) => a - b);
        expect(ids).toHaveLength(4);
        for (const id of ids) {
          await until(`call ${id} analysed`, async () =>
            (await get<{ status: string }>(`/api/analysis/analysis?id=${id}`)).status === 'done'
              ? true
              : undefined,
          );
        }

        const created = await fetch(`${base()}/api/trackers`, {
          method: 'POST',
          headers: { ...auth, ...json },
          body: JSON.stringify({
            name: 'Openers',
            phrases: { en: ['inbound calls', 'quote', 'a minute'], fr: ['devis'] },
          }),
        });
        expect(created.status).toBe(201);

        // Hold the third call (the first of the second batch of two).
        locker = new pg.Client({ connectionString: database.url });
        await locker.connect();
        await locker.query('begin');
        await locker.query('select id from recordings where id = $1 for update', [ids[2]]);

        const started = await fetch(`${base()}/api/trackers/reapply`, { method: 'POST', headers: auth });
        expect(started.status).toBe(202);
        const run = (await started.json()) as Run;
        expect(run).toMatchObject({ status: 'running', total: 4, processed: 0 });
        await until('first batch committed', async () => {
          const r = await get<Run>(`/api/trackers/reapply/${run.id}`);
          return r.processed === 2 ? r : undefined;
        });
        await until('second batch waiting on the lock', async () => {
          const { rows } = await locker!.query<{ n: number }>(
            `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where not l.granted and a.datname = current_database()`,
          );
          return rows[0]!.n > 0 ? true : undefined;
        });

        child!.kill('SIGKILL');
        await new Promise((r) => child!.once('exit', r));
        await locker.query('rollback');
        const { rows: cut } = await locker.query<{ status: string; processed: number }>(
          'select status, processed from tracker_reapply_runs where id = $1',
          [run.id],
        );
        // The batch in flight left nothing behind: still running, two calls done.
        expect(cut[0]).toEqual({ status: 'running', processed: 2 });

        start();
        await until('server restart', async () =>
          (await fetch(`${base()}/api/health`)).ok ? true : undefined,
        );
        const done = await until('run done', async () => {
          const r = await get<Run>(`/api/trackers/reapply/${run.id}`);
          return r.status === 'done' ? r : undefined;
        });
        expect(done, log.slice(-3000)).toMatchObject({ status: 'done', processed: 4, total: 4 });

        // Worked out from the sample transcripts: "inbound calls" (discovery), "devis" (rendez-vous),
        // "the quote you requested" (roofing; "quoted" is another word), "a minute" twice (software).
        const openers = async (id: number) =>
          (await get<Hits>(`/api/recordings/${id}/tracker-hits`)).trackers
            .find((t) => t.name === 'Openers')
            ?.hits.map((h) => h.said);
        expect(await openers(ids[0]!)).toEqual(['inbound calls']);
        expect(await openers(ids[1]!)).toEqual(['devis']);
        expect(await openers(ids[2]!)).toEqual(['quote']);
        expect(await openers(ids[3]!)).toEqual(['a minute', 'A minute']);
        const { rows: stored } = await locker.query<{ n: number }>(
          "select count(*)::int as n from tracker_hits h join trackers t on t.id = h.tracker_id where t.name = 'Openers'",
        );
        expect(stored[0]!.n).toBe(5);
      },
    );
  },
);
