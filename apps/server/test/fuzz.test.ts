/**
 * Contract-driven fuzzing: every route declared in `packages/contracts/src/*.routes.ts` (so new
 * routes are covered without editing this file) gets hostile path parameters, query values, JSON
 * bodies and credentials — ids past the integer range, negatives, floats, NUL bytes, lone
 * surrogates, over-long strings, wrong types, bad JSON, missing, forged and foreign tokens — on
 * both databases. No answer may be a 500, carry a stack trace, or carry a secret.
 * The values are enumerated, not random, so a failure names the exact request to replay.
 */
import type { RouteDefinition } from '@call-insights/contracts/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BACKENDS, createHarness, type Harness } from '../src/test-support/app-harness.js';
import { createUser, type CreatedUser } from '../src/test-support/factories.js';
import { declaredRoutes } from '../src/test-support/contract-routes.js';

const HOSTILE_TEXT = [
  '3000000000',
  '-1',
  '0',
  '1.5',
  '1e309',
  'abc',
  'a\u0000b',
  '\ud800',
  'x'.repeat(5000),
  ' ',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil")',
];
const HOSTILE_JSON: unknown[] = [
  null,
  3_000_000_000,
  -1,
  1.5,
  1e308,
  '',
  'a\u0000b',
  '\udc00',
  'y'.repeat(20_000),
  [],
  {},
  true,
  [1, 2, 3],
  { nested: { deeper: 'a\u0000' } },
];

type Probe = { method: string; url: string; headers?: Record<string, string>; payload?: string };

function shapeKeys(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  return [];
}

/** URL-encodes a value; a lone surrogate (not encodable as UTF-8) is sent as the invalid bytes it would be. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80');
  }
}

function fillPath(path: string, value: string): string {
  return path.replace(/:([A-Za-z_]+)/g, () => enc(value));
}

/** The hostile requests for one route (with a member's token where the route takes one). */
export function probesFor(route: RouteDefinition, auth: Record<string, string>): Probe[] {
  const probes: Probe[] = [];
  const base = `/api${fillPath(route.path, '1')}`;
  const json = { 'content-type': 'application/json' };
  const hasParams = route.path.includes(':');
  // Path parameters.
  if (hasParams) {
    for (const v of HOSTILE_TEXT)
      probes.push({ method: route.method, url: `/api${fillPath(route.path, v)}`, headers: auth });
  }
  // Query values, one key at a time.
  for (const key of shapeKeys(route.query)) {
    for (const v of HOSTILE_TEXT) {
      probes.push({ method: route.method, url: `${base}?${key}=${enc(v)}`, headers: auth });
    }
    probes.push({ method: route.method, url: `${base}?${key}=1&${key}=2`, headers: auth });
  }
  // JSON bodies: each field hostile, then whole-body breakage.
  if (route.body && route.bodyKind !== 'multipart') {
    for (const key of shapeKeys(route.body)) {
      for (const v of HOSTILE_JSON) {
        probes.push({
          method: route.method,
          url: base,
          headers: { ...auth, ...json },
          payload: JSON.stringify({ [key]: v }),
        });
      }
    }
    for (const payload of [
      '{"a":',
      'null',
      '[]',
      '"text"',
      '{"__proto__":{"admin":true}}',
      'x'.repeat(2_000_000),
    ]) {
      probes.push({ method: route.method, url: base, headers: { ...auth, ...json }, payload });
    }
    probes.push({
      method: route.method,
      url: base,
      headers: { ...auth, 'content-type': 'text/plain' },
      payload: 'hello',
    });
  }
  // Credentials: none, forged, malformed.
  if (route.access !== 'public') {
    probes.push({ method: route.method, url: base });
    probes.push({ method: route.method, url: base, headers: { authorization: 'Token not.a.jwt' } });
    probes.push({
      method: route.method,
      url: base,
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
    });
  }
  return probes;
}

describe.each(BACKENDS)('fuzzing every route (%s)', (backend) => {
  let h: Harness;
  let admin: CreatedUser;
  let foreign: CreatedUser;
  let routes: RouteDefinition[];

  beforeAll(async () => {
    h = await createHarness(backend, {
      AUTH_RATE_LIMIT_MAX: '100000',
      SIGNUP_RATE_LIMIT_PER_HOUR: '100000',
      SHARE_RATE_LIMIT_MAX: '100000',
    });
    admin = await createUser(h.app);
    foreign = await createUser(h.app);
    routes = await declaredRoutes();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers thousands of hostile requests without a 500, a stack trace or a secret', async () => {
    const secrets = [h.secrets.jwtSecret, h.secrets.encryptionKey, admin.token, foreign.token];
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      // Half the probes as the organization's admin, the other half as another organization's.
      const probes = [...probesFor(route, admin.auth), ...probesFor(route, foreign.auth)];
      for (const probe of probes) {
        const res = await h.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers: probe.headers,
          ...(probe.payload === undefined ? {} : { payload: probe.payload }),
        });
        sent++;
        const body = res.body;
        const where = `${probe.method} ${probe.url.slice(0, 120)} ${probe.payload?.slice(0, 80) ?? ''}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ← ${where}: ${body.slice(0, 200)}`);
        if (/\n\s+at .+\(.+:\d+:\d+\)/.test(body)) failures.push(`stack trace ← ${where}`);
        if (secrets.some((s) => body.includes(s))) failures.push(`secret in answer ← ${where}`);
      }
    }
    expect(sent).toBeGreaterThanOrEqual(2000);
    expect(failures).toEqual([]);
  });
});
