/**
 * Per-account sign-in throttling on both databases: after a few failures an account waits a delay
 * that doubles with each further failure; while it waits even the right password is refused; the
 * wait is the same for an address that has no account; changing the client address does not help;
 * a successful sign-in starts the count again. The per-address limit is separate (app.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser } from '../../test-support/factories.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(BACKENDS)('sign-in throttling per account on %s', (backend) => {
  let h: Harness;
  let address = 0;
  beforeAll(async () => {
    h = await createHarness(backend, {
      LOGIN_FAILURES_BEFORE_DELAY: '3',
      LOGIN_DELAY_BASE_MS: '700',
      LOGIN_DELAY_MAX_MS: '1400',
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Each attempt from a different client address: the per-account throttle must hold anyway. */
  const login = (email: string, password: string, lang?: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
      remoteAddress: `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
      headers: lang ? { 'accept-language': lang } : {},
    });

  it('holds an account back after three failures, with a growing delay, even for the right password', async () => {
    const user = await createUser(h.app);
    for (let i = 0; i < 3; i++) {
      const wrong = await login(user.email, 'not the password');
      expect(wrong.statusCode).toBe(401);
    }
    const held = await login(user.email, user.password);
    expect(held.statusCode).toBe(429);
    expect(held.json().error.message).toMatch(
      /^Too many failed sign-ins for this account\. Try again in \d+ seconds?\.$/,
    );
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const fr = await login(user.email, user.password, 'fr');
    expect(fr.json().error.message).toMatch(/^Trop d’échecs de connexion pour ce compte/);

    await sleep(800);
    // A fourth failure doubles the wait: 700 ms are no longer enough.
    expect((await login(user.email, 'still wrong')).statusCode).toBe(401);
    await sleep(800);
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    await sleep(800);
    const ok = await login(user.email, user.password);
    expect(ok.statusCode).toBe(200);

    // Success starts the count again: two failures hold nothing back.
    expect((await login(user.email, 'oops')).statusCode).toBe(401);
    expect((await login(user.email, 'oops again')).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('throttles an address without an account exactly the same way', async () => {
    const ghost = `ghost_${backend}_${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await login(ghost, 'guess');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Wrong User');
    }
    const held = await login(ghost.toUpperCase(), 'guess');
    expect(held.statusCode).toBe(429);
    expect(held.json().error.message).toMatch(/^Too many failed sign-ins for this account/);
  });

  it('does not hold back another account', async () => {
    const a = await createUser(h.app);
    const b = await createUser(h.app);
    for (let i = 0; i < 3; i++) await login(a.email, 'wrong');
    expect((await login(a.email, a.password)).statusCode).toBe(429);
    expect((await login(b.email, b.password)).statusCode).toBe(200);
  });
});
