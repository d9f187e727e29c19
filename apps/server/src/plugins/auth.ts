/**
 * Owns access tokens: HS256 JWTs with `exp`, read from `Authorization: Token <jwt>` (Bearer too),
 * Who the caller is (role, organization) is the users module's session service's business.
 */
import type { FastifyRequest } from 'fastify';
import { MAX_ID } from '@call-insights/contracts/http';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { AppError } from '../errors.js';

export type AuthUser = {
  id: number;
  organizationId: number;
  role: 'admin' | 'manager' | 'user';
  email: string;
};

/** The signed-in caller of a request, with the expiry and version of the token it presented. */
export type Caller = AuthUser & { exp: number; tokenVersion: number };

export type TokenService = {
  issue(user: { id: number; tokenVersion: number }): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<{ userId: number; tokenVersion: number; exp: number }>;
};

type Claims = Awaited<ReturnType<TokenService['verify']>>;

/**
 * The latest `exp` a token may name: 9999-12-31T23:59:59Z, the last second dates are written in
 * (four-digit years). A token this server signed never comes near it; a larger `exp` (1e300) is not
 * one of ours whatever its signature, and would break every date made from it.
 */
const MAX_EXP = 253_402_300_799;

/**
 * The claims of a token whose signature checked out, or undefined when they are not what `issue`
 * writes: `sub` a user id in plain digits within PostgreSQL's `integer` (1 to MAX_ID, never
 * "99999999999999999999", which no row has and the database cannot compare), `exp` whole seconds up
 * to MAX_EXP, `tv` (the token version) a whole number when present.
 */
function claimsOf(payload: JWTPayload): Claims | undefined {
  const { sub, exp, tv } = payload;
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub) || Number(sub) > MAX_ID) return undefined;
  if (typeof exp !== 'number' || !Number.isInteger(exp) || exp < 0 || exp > MAX_EXP) return undefined;
  if (tv !== undefined && !Number.isSafeInteger(tv)) return undefined;
  return { userId: Number(sub), tokenVersion: typeof tv === 'number' ? tv : -1, exp };
}

/** Verified tokens kept per process (a client sends the same token with every request). */
const VERIFIED_TOKENS = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  /**
   * Tokens whose signature and claims were verified, by their exact text: the signature of the same
   * text with the same key cannot change, so only the expiry is checked again (as jose checks it:
   * expired from the second `exp` names). Measured: jose's verification (WebCrypto) cost a list
   * request more than its database query.
   */
  const verified = new Map<string, Claims>();
  const expired = () => new AppError('TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');
  return {
    async issue(user) {
      const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
      const token = await new SignJWT({ tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Math.floor(Date.now() / 1000)) return { ...known };
        verified.delete(token);
        throw expired();
      }
      let claims: Claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const read = claimsOf(payload);
        if (!read) throw new Error('bad claims');
        claims = read;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw expired();
        throw new AppError('UNAUTHORIZED', 'Your session is not valid. Please sign in again.');
      }
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return { ...claims };
    },
  };
}

export function readToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^(Token|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match?.[2];
}
