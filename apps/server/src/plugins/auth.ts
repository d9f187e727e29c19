/**
 * Owns access tokens: HS256 JWTs with `exp`, read from `Authorization: Token <jwt>` (Bearer too),
 * Who the caller is (role, organization) is the users module's session service's business.
 */
import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
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
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.exp !== 'number') throw new Error('bad claims');
        claims = { userId, tokenVersion: typeof payload.tv === 'number' ? payload.tv : -1, exp: payload.exp };
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
