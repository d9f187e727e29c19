import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isTokenValid } from './token';

function base64(value: string): string {
  const bytes = new TextEncoder().encode(value);
  return btoa(String.fromCharCode(...bytes));
}

function base64Url(value: string): string {
  return base64(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function jwt(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

const NOW_MS = 1_700_000_000_500;
const NOW_S = Math.floor(NOW_MS / 1000);

describe('isTokenValid', () => {
  it('accepts a token whose exp is later than now', () => {
    expect(isTokenValid(jwt({ sub: '1', exp: NOW_S + 60 }), NOW_MS)).toBe(true);
  });

  it('rejects a token whose exp is in the past', () => {
    expect(isTokenValid(jwt({ sub: '1', exp: NOW_S - 1 }), NOW_MS)).toBe(false);
  });

  it('rejects a token whose exp equals now in seconds (compares seconds, not milliseconds)', () => {
    expect(isTokenValid(jwt({ exp: NOW_S }), NOW_MS)).toBe(false);
    expect(isTokenValid(jwt({ exp: NOW_S + 1 }), NOW_MS)).toBe(true);
  });

  it('rejects an exp expressed in milliseconds only when it is in the past', () => {
    // A millisecond exp is far in the future when read as seconds; the check stays numeric.
    expect(isTokenValid(jwt({ exp: NOW_MS }), NOW_MS)).toBe(true);
  });

  it('rejects a token without a numeric exp', () => {
    expect(isTokenValid(jwt({ sub: '1' }), NOW_MS)).toBe(false);
    expect(isTokenValid(jwt({ exp: String(NOW_S + 60) }), NOW_MS)).toBe(false);
    expect(isTokenValid(jwt({ exp: null }), NOW_MS)).toBe(false);
  });

  it('rejects missing and undecodable tokens', () => {
    expect(isTokenValid(null, NOW_MS)).toBe(false);
    expect(isTokenValid(undefined, NOW_MS)).toBe(false);
    expect(isTokenValid('', NOW_MS)).toBe(false);
    expect(isTokenValid('not-a-jwt', NOW_MS)).toBe(false);
    expect(isTokenValid('a.b', NOW_MS)).toBe(false);
    expect(isTokenValid('a.%%%.c', NOW_MS)).toBe(false);
    expect(isTokenValid(`x.${base64Url('not json')}.y`, NOW_MS)).toBe(false);
    expect(isTokenValid(`x.${base64Url('[1,2]')}.y`, NOW_MS)).toBe(false);
    expect(isTokenValid(`x.${base64Url('null')}.y`, NOW_MS)).toBe(false);
  });

  it('uses the current time by default', () => {
    const inOneHour = Math.floor(Date.now() / 1000) + 3600;
    expect(isTokenValid(jwt({ exp: inOneHour }))).toBe(true);
    expect(isTokenValid(jwt({ exp: 1 }))).toBe(false);
  });
});

describe('decodeJwtPayload', () => {
  it('decodes base64url payloads with - and _ characters and UTF-8 text', () => {
    const payload = { name: 'Zoë ~~~ ???', exp: NOW_S + 1 };
    const token = jwt(payload);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeJwtPayload(token)).toEqual(payload);
  });

  it('accepts padded segments', () => {
    const segment = base64(JSON.stringify({ exp: 5 }));
    expect(decodeJwtPayload(`h.${segment}.s`)).toEqual({ exp: 5 });
  });

  it('returns null for malformed input', () => {
    expect(decodeJwtPayload('only-one-part')).toBeNull();
    expect(decodeJwtPayload('a..c')).toBeNull();
    expect(decodeJwtPayload('a.b.c.d')).toBeNull();
  });
});
