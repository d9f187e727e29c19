/**
 * Session checks: the caller is cached so a request costs no database read, and any change that
 * ends sessions (token version bump + invalidate) is seen at once, in this process and, through
 * PostgreSQL LISTEN/NOTIFY, in others.
 */
import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifyBus, type NotifyBus } from '../../db/notify-bus.js';
import { createTokenService } from '../../plugins/auth.js';
import { BACKENDS, createThrowawayPostgres } from '../../test-support/app-harness.js';
import { createSessionService } from './sessions.js';

type Row = {
  id: number;
  organizationId: number;
  role: 'admin' | 'manager' | 'user';
  email: string;
  tokenVersion: number;
};

function fakeUsers(rows: Row[]) {
  const reads: number[] = [];
  return {
    reads,
    rows,
    repo: {
      async findSession(id: number) {
        reads.push(id);
        const row = rows.find((r) => r.id === id);
        return row ? { ...row } : undefined;
      },
    },
  };
}

const tokens = createTokenService('x'.repeat(32), 3600);
const request = (token: string) => ({ headers: { authorization: `Token ${token}` } }) as FastifyRequest;

describe('session service', () => {
  it('reads the account once, then serves the caller from the cache', async () => {
    const users = fakeUsers([
      { id: 1, organizationId: 7, role: 'manager', email: 'a@x.test', tokenVersion: 0 },
    ]);
    const sessions = createSessionService({ repo: users.repo, tokens });
    const { token } = await tokens.issue({ id: 1, tokenVersion: 0 });
    for (let i = 0; i < 5; i++) {
      expect(await sessions.authenticate(request(token))).toMatchObject({
        id: 1,
        organizationId: 7,
        role: 'manager',
      });
    }
    expect(users.reads).toEqual([1]);
  });

  it('refuses an old token at once after the version moved on and invalidate was called', async () => {
    const users = fakeUsers([{ id: 1, organizationId: 7, role: 'user', email: 'a@x.test', tokenVersion: 0 }]);
    const sessions = createSessionService({ repo: users.repo, tokens });
    const old = (await tokens.issue({ id: 1, tokenVersion: 0 })).token;
    await sessions.authenticate(request(old));
    users.rows[0]!.tokenVersion = 1; // password changed, member removed or demoted
    await sessions.invalidate(1);
    await expect(sessions.authenticate(request(old))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const fresh = (await tokens.issue({ id: 1, tokenVersion: 1 })).token;
    expect(await sessions.authenticate(request(fresh))).toMatchObject({ id: 1 });
  });

  it('accepts a newer token than the cached version by reading again (another process changed it)', async () => {
    const users = fakeUsers([{ id: 1, organizationId: 7, role: 'user', email: 'a@x.test', tokenVersion: 0 }]);
    const sessions = createSessionService({ repo: users.repo, tokens });
    await sessions.authenticate(request((await tokens.issue({ id: 1, tokenVersion: 0 })).token));
    users.rows[0]!.tokenVersion = 1;
    const fresh = (await tokens.issue({ id: 1, tokenVersion: 1 })).token;
    expect(await sessions.authenticate(request(fresh))).toMatchObject({ id: 1 });
    expect(users.reads).toEqual([1, 1]);
  });

  it('reads again once the cache entry is older than its time to live', async () => {
    let now = 0;
    const users = fakeUsers([{ id: 1, organizationId: 7, role: 'user', email: 'a@x.test', tokenVersion: 0 }]);
    const sessions = createSessionService({ repo: users.repo, tokens, ttlMs: 1000, now: () => now });
    const { token } = await tokens.issue({ id: 1, tokenVersion: 0 });
    await sessions.authenticate(request(token));
    now = 999;
    await sessions.authenticate(request(token));
    now = 1001;
    await sessions.authenticate(request(token));
    expect(users.reads).toEqual([1, 1]);
  });

  it('refuses a missing or forged token', async () => {
    const sessions = createSessionService({ repo: fakeUsers([]).repo, tokens });
    await expect(sessions.authenticate({ headers: {} } as FastifyRequest)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const forged = (await createTokenService('y'.repeat(32), 60).issue({ id: 1, tokenVersion: 0 })).token;
    await expect(sessions.authenticate(request(forged))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe.skipIf(!BACKENDS.includes('postgres'))(
  'session invalidation across processes (PostgreSQL; skipped when TEST_BACKENDS leaves PostgreSQL out: PGlite is one process)',
  () => {
    let db: { url: string; drop(): Promise<void> };
    let a: NotifyBus;
    let b: NotifyBus;
    beforeAll(async () => {
      db = await createThrowawayPostgres();
      a = await createNotifyBus(db.url, 'test_sessions', pino({ level: 'silent' }));
      b = await createNotifyBus(db.url, 'test_sessions', pino({ level: 'silent' }));
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await db?.drop();
    });

    it('drops the cached caller in the other process when one process invalidates', async () => {
      const users = fakeUsers([
        { id: 5, organizationId: 1, role: 'admin', email: 'b@x.test', tokenVersion: 0 },
      ]);
      const processA = createSessionService({ repo: users.repo, tokens, bus: a });
      const processB = createSessionService({ repo: users.repo, tokens, bus: b });
      const old = (await tokens.issue({ id: 5, tokenVersion: 0 })).token;
      await processB.authenticate(request(old));
      users.rows[0]!.tokenVersion = 1;
      const seen = new Promise<void>((resolve) => b.subscribe(() => resolve()));
      await processA.invalidate(5);
      await seen;
      await expect(processB.authenticate(request(old))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    });
  },
);
