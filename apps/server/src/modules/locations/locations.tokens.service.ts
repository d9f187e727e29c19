/**
 * The HighLevel tokens of CRM accounts: sealed at rest, never in an answer, refreshed 5 minutes
 * ahead of expiry or once after a 401, under a row lock so two workers never refresh the same
 * token twice (HighLevel rotates refresh tokens: a second refresh would kill the first one's). A
 * Company install's location tokens are minted from the company connection's token.
 */
import type { Logger } from 'pino';
import type { HighLevelClient } from '../../adapters/highlevel/client.js';
import { HighLevelError, isHighLevelError } from '../../adapters/highlevel/errors.js';
import type { TokenSource } from '../../adapters/highlevel/http.js';
import type { Sealer } from '../../lib/crypto.js';
import type { LocationsRepository } from './locations.repository.js';

/** Refresh this long before HighLevel's expiry. */
export const REFRESH_AHEAD_MS = 5 * 60 * 1000;

export type LocationTokenDeps = {
  repo: LocationsRepository;
  sealer: Sealer;
  client: () => Promise<HighLevelClient>;
  log: Logger;
};

/** Thrown by a company token source handed into a locked section: renew it outside the lock. */
class CompanyTokenRejected extends Error {
  constructor(readonly token: string) {
    super('company token rejected');
  }
}

export const reconnect = (message: string) =>
  new HighLevelError('RECONNECT_NEEDED', undefined, message, undefined);

export function createLocationTokens(deps: LocationTokenDeps) {
  const { repo, sealer, log } = deps;
  const expiry = (seconds: number) => new Date(Date.now() + seconds * 1000);
  const fresh = (at: Date | null) => at !== null && at.getTime() - REFRESH_AHEAD_MS > Date.now();

  /** A fixed token whose renewal must happen elsewhere (inside another row's lock). */
  const staticSource = (rateKey: string, token: string): TokenSource => ({
    rateKey,
    current: async () => token,
    renew: async (rejected) => {
      throw new CompanyTokenRejected(rejected);
    },
  });

  // ---- company (agency) connection token ----------------------------------------------------
  async function connectionToken(connectionId: number, rejected?: string): Promise<string> {
    const conn = await repo.findConnection(connectionId);
    if (!conn) throw reconnect('company connection removed');
    if (!rejected && conn.accessTokenSealed && fresh(conn.tokenExpiresAt))
      return sealer.open(conn.accessTokenSealed);
    const client = await deps.client();
    try {
      return await repo.withConnectionLock(connectionId, async ({ row, save }) => {
        const current = row.accessTokenSealed ? sealer.open(row.accessTokenSealed) : null;
        if (current && current !== rejected && fresh(row.tokenExpiresAt)) return current;
        if (!row.refreshTokenSealed) throw reconnect('no refresh token for the company');
        const t = await client.refresh(sealer.open(row.refreshTokenSealed), 'Company');
        await save({
          accessTokenSealed: sealer.seal(t.access_token),
          refreshTokenSealed: t.refresh_token ? sealer.seal(t.refresh_token) : row.refreshTokenSealed,
          tokenExpiresAt: expiry(t.expires_in),
          needsReconnect: false,
        });
        log.info({ connectionId, companyId: row.companyId }, 'highlevel company token refreshed');
        return t.access_token;
      });
    } catch (err) {
      if (isHighLevelError(err, 'RECONNECT_NEEDED')) {
        const rows = await repo.findByCompany((await repo.findConnection(connectionId))?.companyId ?? '');
        await repo.markReconnect(rows.filter((r) => r.connectionId === connectionId).map((r) => r.id));
      }
      throw err;
    }
  }

  // ---- location token -----------------------------------------------------------------------
  async function renewLocationToken(id: number, rejected: string | null): Promise<string> {
    const client = await deps.client();
    const first = await repo.findById(id);
    if (!first) throw reconnect('account removed');
    try {
      if (first.installType === 'Company' && first.connectionId) {
        const connectionId = first.connectionId;
        let companyRejected: string | undefined;
        for (let attempt = 0; ; attempt++) {
          const company = await connectionToken(connectionId, companyRejected);
          try {
            return await repo.withLocationLock(id, async ({ row, save }) => {
              const current = row.accessTokenSealed ? sealer.open(row.accessTokenSealed) : null;
              if (current && current !== rejected && fresh(row.tokenExpiresAt)) return current;
              const t = await client.locationToken(
                staticSource(row.companyId ?? row.crmLocationId, company),
                row.companyId ?? '',
                row.crmLocationId,
              );
              await save({
                accessTokenSealed: sealer.seal(t.access_token),
                tokenExpiresAt: expiry(t.expires_in),
                needsReconnect: false,
              });
              log.info({ locationId: id }, 'highlevel location token minted');
              return t.access_token;
            });
          } catch (err) {
            if (err instanceof CompanyTokenRejected && attempt === 0) {
              companyRejected = err.token;
              continue;
            }
            if (err instanceof CompanyTokenRejected) throw reconnect('company token refused twice');
            throw err;
          }
        }
      }
      return await repo.withLocationLock(id, async ({ row, save }) => {
        const current = row.accessTokenSealed ? sealer.open(row.accessTokenSealed) : null;
        if (current && current !== rejected && fresh(row.tokenExpiresAt)) return current;
        if (!row.refreshTokenSealed) throw reconnect('no refresh token for the location');
        const t = await client.refresh(sealer.open(row.refreshTokenSealed), 'Location');
        // Rotation: the old refresh token is dead from this answer on; save the new one at once.
        await save({
          accessTokenSealed: sealer.seal(t.access_token),
          refreshTokenSealed: t.refresh_token ? sealer.seal(t.refresh_token) : row.refreshTokenSealed,
          tokenExpiresAt: expiry(t.expires_in),
          needsReconnect: false,
        });
        log.info({ locationId: id }, 'highlevel location token refreshed');
        return t.access_token;
      });
    } catch (err) {
      if (isHighLevelError(err, 'RECONNECT_NEEDED') || isHighLevelError(err, 'INSUFFICIENT_PERMISSIONS')) {
        await repo.markReconnect([id]);
      }
      throw err;
    }
  }

  /** The bearer token source of a location (for the HighLevel client). */
  async function tokenSource(id: number): Promise<TokenSource> {
    const row = await repo.findById(id);
    if (!row) throw reconnect('account removed');
    return {
      rateKey: row.crmLocationId,
      async current() {
        const now = await repo.findById(id);
        if (now?.accessTokenSealed && fresh(now.tokenExpiresAt)) return sealer.open(now.accessTokenSealed);
        return renewLocationToken(id, null);
      },
      renew: (rejected) => renewLocationToken(id, rejected),
    };
  }

  return { expiry, connectionToken, tokenSource };
}

export type LocationTokens = ReturnType<typeof createLocationTokens>;
