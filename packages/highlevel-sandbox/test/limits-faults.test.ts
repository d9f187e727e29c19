import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/index.js';
import { api, installCompany, installLocation, tokenRequest, type Tokens } from './helpers.js';

let sb: Sandbox;
let a: Tokens;
let b: Tokens;
// A tiny window so a test can fill it; large enough that the window never rolls over mid-test.
const MAX = 5;
const WINDOW_MS = 60_000;

beforeAll(async () => {
  sb = await startSandbox({
    seed: 11,
    callsPerLocation: 5,
    rateLimit: { max: MAX, windowMs: WINDOW_MS, daily: 1000 },
  });
  a = await installLocation(sb, sb.locations[0]!.id);
  b = await installLocation(sb, sb.locations[1]!.id);
});
afterAll(async () => {
  await sb.close();
});
afterEach(() => {
  sb.faults.reset();
});

const locA = () => `/locations/${sb.locations[0]!.id}`;
const locB = () => `/locations/${sb.locations[1]!.id}`;

describe('rate limit', () => {
  it('reports the X-RateLimit headers, answers 429 with Retry-After past the max, per location', async () => {
    for (let i = 1; i <= MAX; i++) {
      const res = await api(sb, locA(), { token: a.access_token });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-max')).toBe(String(MAX));
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(MAX - i));
      expect(res.headers.get('x-ratelimit-interval-milliseconds')).toBe(String(WINDOW_MS));
      expect(res.headers.get('x-ratelimit-limit-daily')).toBe('1000');
      expect(res.headers.get('x-ratelimit-daily-remaining')).toBe(String(1000 - i));
    }
    const limited = await api(sb, locA(), { token: a.access_token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toMatchObject({ statusCode: 429 });
    // Another location has its own bucket.
    expect((await api(sb, locB(), { token: b.access_token })).status).toBe(200);
    expect(sb.state().rateLimited).toBeGreaterThanOrEqual(1);
  });

  it('lets requests through again once the window has passed', async () => {
    const quick = await startSandbox({ seed: 12, callsPerLocation: 1, rateLimit: { max: 2, windowMs: 300 } });
    try {
      const t = await installLocation(quick, quick.locations[0]!.id);
      const path = `/locations/${quick.locations[0]!.id}`;
      expect((await api(quick, path, { token: t.access_token })).status).toBe(200);
      expect((await api(quick, path, { token: t.access_token })).status).toBe(200);
      expect((await api(quick, path, { token: t.access_token })).status).toBe(429);
      await new Promise((r) => setTimeout(r, 350));
      expect((await api(quick, path, { token: t.access_token })).status).toBe(200);
    } finally {
      await quick.close();
    }
  });
});

describe('fault switches', () => {
  it('expireTokensNow: access tokens answer 401 expired, the refresh token still works', async () => {
    const t = await installLocation(sb, sb.locations[2]!.id);
    sb.faults.expireTokensNow();
    const res = await api(sb, `/locations/${sb.locations[2]!.id}`, { token: t.access_token });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      statusCode: 401,
      message: 'Invalid token: access token has expired',
      error: 'Unauthorized',
    });
    const refreshed = await tokenRequest(sb, {
      client_id: sb.clientId,
      client_secret: sb.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: t.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const fresh = (await refreshed.json()) as Tokens;
    expect((await api(sb, `/locations/${sb.locations[2]!.id}`, { token: fresh.access_token })).status).toBe(
      200,
    );
  });

  it('failNext: a burst of n 5xx answers, then normal service', async () => {
    const t = await installCompany(sb);
    sb.faults.failNext(2, 502);
    const path = `/locations/search?companyId=${sb.companyId}`;
    const first = await api(sb, path, { token: t.access_token });
    expect(first.status).toBe(502);
    expect(await first.json()).toMatchObject({ statusCode: 502, message: 'Bad Gateway' });
    expect((await api(sb, path, { token: t.access_token })).status).toBe(502);
    expect((await api(sb, path, { token: t.access_token })).status).toBe(200);
  });

  it('slow: answers wait at least the given delay', async () => {
    const t = await installCompany(sb);
    sb.faults.slow(150);
    const started = Date.now();
    const res = await api(sb, `/locations/search?companyId=${sb.companyId}`, { token: t.access_token });
    expect(res.status).toBe(200);
    // A lower bound on the injected delay, not a speed threshold.
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(sb.faults.state.slowMs).toBe(150);
  });

  it('rateLimitStorm: the next n requests get 429 with headers, then normal service', async () => {
    const t = await installCompany(sb);
    sb.faults.rateLimitStorm(3);
    const path = `/locations/search?companyId=${sb.companyId}`;
    for (let i = 0; i < 3; i++) {
      const res = await api(sb, path, { token: t.access_token });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.headers.get('x-ratelimit-max')).toBe(String(MAX));
    }
    expect((await api(sb, path, { token: t.access_token })).status).toBe(200);
  });

  it('the same switches over HTTP under /__sandbox, and /__sandbox/state', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${sb.url}/__sandbox${path}`, { method: 'POST', body: JSON.stringify(body) });
    const t = await installCompany(sb);
    const path = `/locations/search?companyId=${sb.companyId}`;

    expect((await post('/faults/fail-next', { count: 1, status: 500 })).status).toBe(200);
    expect((await api(sb, path, { token: t.access_token })).status).toBe(500);
    expect((await api(sb, path, { token: t.access_token })).status).toBe(200);

    await post('/faults/rate-limit-storm', { count: 1 });
    expect((await api(sb, path, { token: t.access_token })).status).toBe(429);

    const slow = await post('/faults/slow', { ms: 40 });
    expect(((await slow.json()) as { faults: { slowMs: number } }).faults.slowMs).toBe(40);

    await post('/faults/expire-tokens', {});
    expect((await api(sb, path, { token: t.access_token })).status).toBe(401);

    await post('/faults/reset', {});
    const state = (await (await fetch(`${sb.url}/__sandbox/state`)).json()) as {
      faults: { slowMs: number; rateLimitStorm: number; failNext: { count: number } };
      companyId: string;
      tokenRefreshCount: number;
    };
    expect(state.companyId).toBe(sb.companyId);
    expect(state.faults).toEqual({ slowMs: 0, rateLimitStorm: 0, failNext: { count: 0, status: 503 } });
    expect((await post('/faults/fail-next', { count: -1 })).status).toBe(400);
    expect((await post('/faults/nope', {})).status).toBe(404);
  });

  it('/__sandbox/state lists the notes written', async () => {
    const contact = sb.data.contacts.find((c) => c.locationId === sb.locations[1]!.id)!;
    const t = await installLocation(sb, sb.locations[1]!.id);
    const res = await api(sb, `/contacts/${contact.id}/notes`, {
      token: t.access_token,
      json: { body: 'hello' },
    });
    expect(res.status).toBe(201);
    const state = (await (await fetch(`${sb.url}/__sandbox/state`)).json()) as {
      notes: { contactId: string; locationId: string; note: { body: string } }[];
    };
    expect(state.notes).toContainEqual(
      expect.objectContaining({
        contactId: contact.id,
        locationId: sb.locations[1]!.id,
        note: expect.objectContaining({ body: 'hello' }),
      }),
    );
  });
});
