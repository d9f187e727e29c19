/**
 * Owns session checks: a request's token → the caller (role, organization), refused when the
 * account's token version moved on (password change, reset, role change, removal).
 *
 * The caller is cached per user for a short time so a request does not cost a database round
 * trip; every change that must end sessions calls `invalidate`, which drops the entry in this
 * process at once and, on PostgreSQL, tells the other API processes through LISTEN/NOTIFY.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { readToken, type AuthUser, type Caller, type TokenService } from '../../plugins/auth.js';
import type { UsersRepository } from './users.repository.js';

type Entry = { user: AuthUser; tokenVersion: number; loadedAt: number };

export type InvalidationBus = {
  publish(userId: number): Promise<void>;
  subscribe(onUser: (userId: number) => void): void;
};

export type SessionService = {
  authenticate(req: FastifyRequest): Promise<Caller>;
  /** Ends cached sessions of a user in every process (call after bumping the token version). */
  invalidate(userId: number): Promise<void>;
  /**
   * The member a session of `tokenVersion` stands for, or undefined once it ended (removed,
   * demoted, password changed). For credentials other than the access token (the notification
   * stream's signed token), checked again while a long request stays open.
   */
  check(userId: number, tokenVersion: number): Promise<AuthUser | undefined>;
};

export type SessionServiceDeps = {
  repo: Pick<UsersRepository, 'findSession'>;
  tokens: TokenService;
  /** How long a cached caller is trusted without a database read (default 30 s). */
  ttlMs?: number;
  bus?: InvalidationBus;
  now?: () => number;
};

const MAX_ENTRIES = 10_000;

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const ttlMs = deps.ttlMs ?? 30_000;
  const now = deps.now ?? Date.now;
  const cache = new Map<number, Entry>();
  deps.bus?.subscribe((userId) => cache.delete(userId));

  const invalidToken = () => new AppError('UNAUTHORIZED', 'Your session is not valid. Please sign in again.');

  async function load(userId: number): Promise<Entry | undefined> {
    const row = await deps.repo.findSession(userId);
    if (!row) return undefined;
    const entry: Entry = {
      user: { id: row.id, organizationId: row.organizationId, role: row.role, email: row.email },
      tokenVersion: row.tokenVersion,
      loadedAt: now(),
    };
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as number);
    cache.set(userId, entry);
    return entry;
  }

  return {
    async authenticate(req) {
      const token = readToken(req);
      if (!token) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
      const claims = await deps.tokens.verify(token);
      let entry = cache.get(claims.userId);
      if (!entry || now() - entry.loadedAt > ttlMs) entry = await load(claims.userId);
      if (!entry || entry.tokenVersion !== claims.tokenVersion) {
        // A newer token than the cached version means the cache is stale: read once more.
        if (entry && claims.tokenVersion > entry.tokenVersion) entry = await load(claims.userId);
        if (!entry || entry.tokenVersion !== claims.tokenVersion) throw invalidToken();
      }
      return { ...entry.user, exp: claims.exp, tokenVersion: claims.tokenVersion };
    },
    async check(userId, tokenVersion) {
      let entry = cache.get(userId);
      if (!entry || now() - entry.loadedAt > ttlMs || entry.tokenVersion !== tokenVersion)
        entry = await load(userId);
      return entry && entry.tokenVersion === tokenVersion ? entry.user : undefined;
    },
    async invalidate(userId) {
      cache.delete(userId);
      await deps.bus?.publish(userId);
    },
  };
}
