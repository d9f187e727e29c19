/**
 * Access tokens: a token verified once is not verified again (its signature cannot change), but
 * its expiry is checked on every use, and anything not signed with the key is still refused.
 */
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.js';
import { createTokenService } from './auth.js';

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
};

describe('token service', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a verified token again with the same claims, and a copy of them', async () => {
    const tokens = createTokenService('k'.repeat(32), 60);
    const { token, expiresAt } = await tokens.issue({ id: 7, tokenVersion: 3 });
    const first = await tokens.verify(token);
    expect(first).toEqual({ userId: 7, tokenVersion: 3, exp: expiresAt });
    first.userId = 8;
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 3, exp: expiresAt });
  });

  it('refuses a verified token once it expires (TOKEN_EXPIRED), from the second its exp names', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'));
    const tokens = createTokenService('k'.repeat(32), 60);
    const { token, expiresAt } = await tokens.issue({ id: 7, tokenVersion: 0 });
    expect(await codeOf(tokens.verify(token))).toBe('ok');
    vi.setSystemTime(expiresAt * 1000 - 1);
    expect(await codeOf(tokens.verify(token))).toBe('ok');
    vi.setSystemTime(expiresAt * 1000);
    expect(await codeOf(tokens.verify(token))).toBe('TOKEN_EXPIRED');
    // Dropped from memory once expired: the full check answers the same.
    expect(await codeOf(tokens.verify(token))).toBe('TOKEN_EXPIRED');
  });

  it('still refuses tokens of another key, altered tokens and garbage after a good one was verified', async () => {
    const tokens = createTokenService('k'.repeat(32), 60);
    const other = createTokenService('o'.repeat(32), 60);
    const { token } = await tokens.issue({ id: 7, tokenVersion: 0 });
    await tokens.verify(token);
    const foreign = (await other.issue({ id: 7, tokenVersion: 0 })).token;
    expect(await codeOf(tokens.verify(foreign))).toBe('UNAUTHORIZED');
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: '1', tv: 0, exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(await codeOf(tokens.verify(`${header}.${payload}.${signature}`))).toBe('UNAUTHORIZED');
    expect(await codeOf(tokens.verify(`${token}x`))).toBe('UNAUTHORIZED');
    expect(await codeOf(tokens.verify('not a token'))).toBe('UNAUTHORIZED');
  });

  it('refuses a token signed with the key whose sub or exp is out of range, and does not keep it', async () => {
    const key = new TextEncoder().encode('k'.repeat(32));
    const tokens = createTokenService('k'.repeat(32), 60);
    const soon = Math.floor(Date.now() / 1000) + 60;
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
    for (const claims of [
      { sub: '99999999999999999999', exp: soon, tv: 0 },
      { sub: '2147483648', exp: soon, tv: 0 },
      { sub: '0', exp: soon, tv: 0 },
      { sub: ' 1', exp: soon, tv: 0 },
      { sub: '1e0', exp: soon, tv: 0 },
      { sub: '7', exp: 1e300, tv: 0 },
      { sub: '7', exp: soon + 0.5, tv: 0 },
      { sub: '7', exp: soon, tv: 0.5 },
    ]) {
      const token = await sign(claims);
      expect(await codeOf(tokens.verify(token)), JSON.stringify(claims)).toBe('UNAUTHORIZED');
      expect(await codeOf(tokens.verify(token)), JSON.stringify(claims)).toBe('UNAUTHORIZED');
    }
    expect(await tokens.verify(await sign({ sub: '2147483647', exp: soon, tv: 0 }))).toEqual({
      userId: 2147483647,
      tokenVersion: 0,
      exp: soon,
    });
  });
});
