/**
 * Owns CRM accounts (HighLevel locations) of an organization: lists for the account and admin
 * pages, Active sync, rename, users of a location, the import dialog's accounts; saving installs
 * (Location: the location's own tokens; Company: the company connection, every sub-location and a
 * minted location token each); and the tokens themselves: sealed at rest, never in an answer,
 * refreshed 5 minutes ahead of expiry or once after a 401, under a row lock so two workers never
 * refresh the same token twice (HighLevel rotates refresh tokens: a second refresh would kill the
 * first one's).
 */
import type { LocationDetail, LocationSummary, LocationsResponse } from '@call-insights/contracts/locations';
import type { Logger } from 'pino';
import type {
  HighLevelClient,
  HlLocation,
  HlSearchLocation,
  TokenAnswer,
} from '../../adapters/highlevel/client.js';
import { HighLevelError, isHighLevelError } from '../../adapters/highlevel/errors.js';
import type { TokenSource } from '../../adapters/highlevel/http.js';
import { AppError } from '../../errors.js';
import type { Sealer } from '../../lib/crypto.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { LocationRow, LocationsRepository } from './locations.repository.js';

/** Refresh this long before HighLevel's expiry. */
export const REFRESH_AHEAD_MS = 5 * 60 * 1000;

export type LocationsServiceDeps = {
  repo: LocationsRepository;
  sealer: Sealer;
  client: () => Promise<HighLevelClient>;
  sourceLabel: string;
  log: Logger;
};

/** Thrown by a company token source handed into a locked section: renew it outside the lock. */
class CompanyTokenRejected extends Error {
  constructor(readonly token: string) {
    super('company token rejected');
  }
}

const reconnect = (message: string) => new HighLevelError('RECONNECT_NEEDED', undefined, message, undefined);

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function toSummary(row: LocationRow, sourceLabel: string): LocationSummary {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
    location_id: row.crmLocationId,
    companyId: row.companyId,
    source: sourceLabel,
    install: row.installType,
    needs_reconnect: row.needsReconnect,
  };
}

/** The spec's rule for the account and admin tables: one row per name, the latest updatedAt kept. */
export function dedupeByName(rows: LocationRow[]): LocationRow[] {
  const byName = new Map<string, LocationRow>();
  for (const row of rows) {
    const kept = byName.get(row.name);
    if (!kept || row.updatedAt > kept.updatedAt || (+row.updatedAt === +kept.updatedAt && row.id > kept.id))
      byName.set(row.name, row);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

function detailsOf(loc: HlLocation | HlSearchLocation): Record<string, unknown> {
  const l = loc as Record<string, unknown>;
  const pick = [
    'address',
    'city',
    'state',
    'country',
    'postalCode',
    'website',
    'timezone',
    'firstName',
    'lastName',
    'email',
    'phone',
    'logoUrl',
    'business',
    'social',
    'settings',
  ];
  return Object.fromEntries(pick.filter((k) => l[k] !== undefined).map((k) => [k, l[k]]));
}

export function createLocationsService(deps: LocationsServiceDeps) {
  const { repo, sealer, log } = deps;
  const expiry = (seconds: number) => new Date(Date.now() + seconds * 1000);
  const fresh = (at: Date | null) => at !== null && at.getTime() - REFRESH_AHEAD_MS > Date.now();

  async function owned(caller: AuthUser, id: number): Promise<LocationRow> {
    const row = await repo.findForOrg(caller.organizationId, id);
    if (!row) throw new AppError('NOT_FOUND', 'This account was not found.');
    return row;
  }

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

  async function saveLocationRow(
    caller: AuthUser,
    input: {
      loc: HlLocation | HlSearchLocation;
      crmLocationId: string;
      companyId: string | null;
      installType: 'Location' | 'Company';
      connectionId: number | null;
      tokens: { access: string; refresh: string | null; expiresAt: Date } | null;
    },
  ): Promise<LocationRow> {
    const row = await repo.upsertLocation({
      organizationId: caller.organizationId,
      crmLocationId: input.crmLocationId,
      companyId: input.companyId,
      name: str(input.loc.name) ?? input.crmLocationId,
      details: detailsOf(input.loc),
      installType: input.installType,
      connectionId: input.connectionId,
      accessTokenSealed: input.tokens ? sealer.seal(input.tokens.access) : null,
      refreshTokenSealed: input.tokens?.refresh ? sealer.seal(input.tokens.refresh) : null,
      tokenExpiresAt: input.tokens?.expiresAt ?? null,
    });
    await repo.linkUser(caller.id, row.id, caller.role);
    return row;
  }

  /** The ids among `ids` that are accounts of the organization. */
  async function idsInOrganization(organizationId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const wanted = new Set(ids);
    return (await repo.listForOrg(organizationId)).map((r) => r.id).filter((id) => wanted.has(id));
  }

  const summaries = (rows: LocationRow[]) => rows.map((r) => toSummary(r, deps.sourceLabel));

  return {
    tokenSource,

    async profile(caller: AuthUser): Promise<LocationsResponse> {
      return { locations: summaries(dedupeByName(await repo.listForOrg(caller.organizationId))) };
    },

    async setActive(caller: AuthUser, id: number, active: boolean): Promise<void> {
      if (!(await repo.setActive(caller.organizationId, id, active)))
        throw new AppError('NOT_FOUND', 'This account was not found.');
    },

    async rename(caller: AuthUser, id: number, name: string): Promise<void> {
      if (!(await repo.rename(caller.organizationId, id, name)))
        throw new AppError('NOT_FOUND', 'This account was not found.');
    },

    async detail(caller: AuthUser, id: number): Promise<LocationDetail> {
      const row = await owned(caller, id);
      const d = (row.details ?? {}) as Record<string, unknown>;
      const users = await repo.usersOf(row.id);
      return {
        ...toSummary(row, deps.sourceLabel),
        address: str(d.address),
        city: str(d.city),
        state: str(d.state),
        country: str(d.country),
        postalCode: str(d.postalCode),
        website: str(d.website),
        timezone: str(d.timezone),
        email: str(d.email),
        phone: str(d.phone),
        users: users.map((u) => ({
          id: u.id,
          firstname: u.firstname,
          lastname: u.lastname,
          username: u.username,
          email: u.email,
          role: u.role,
          users_locations: { role: u.locationRole },
        })),
      };
    },

    async activeLocations(caller: AuthUser) {
      return { locations: await repo.activeForOrg(caller.organizationId) };
    },

    /** An account of the caller's organization (404 for another organization's id). */
    async get(caller: AuthUser, id: number): Promise<LocationRow> {
      return owned(caller, id);
    },

    async findByExactName(caller: AuthUser, name: string): Promise<LocationRow | undefined> {
      return dedupeByName(await repo.findByName(caller.organizationId, name))[0];
    },

    async findById(id: number): Promise<LocationRow | undefined> {
      return repo.findById(id);
    },

    /** An account of the organization, or undefined (another organization's id included). */
    async findInOrganization(organizationId: number, id: number): Promise<LocationRow | undefined> {
      return repo.findForOrg(organizationId, id);
    },

    idsInOrganization,

    /**
     * Gives a member the accounts of an invitation that still exist in the organization (an
     * account removed since the invitation is skipped). Idempotent.
     */
    async assignMember(
      organizationId: number,
      userId: number,
      locationIds: readonly number[],
      role: string,
    ): Promise<void> {
      for (const id of await idsInOrganization(organizationId, locationIds)) {
        await repo.linkUser(userId, id, role);
      }
    },

    /** Every organization's account for a CRM location id (webhooks name only the CRM id). */
    async findByCrmLocationId(crmLocationId: string): Promise<LocationRow[]> {
      return repo.findByCrmId(crmLocationId);
    },

    /** UNINSTALL from HighLevel: forget the tokens, stop syncing, ask to reconnect. */
    async disconnect(crm: { locationId?: string | null; companyId?: string | null }): Promise<number> {
      const rows = crm.locationId
        ? await repo.findByCrmId(crm.locationId)
        : crm.companyId
          ? await repo.findByCompany(crm.companyId)
          : [];
      await repo.disconnect(rows.map((r) => r.id));
      return rows.length;
    },

    /** Location install: the code's tokens belong to one location; save it with them. */
    async saveLocationInstall(
      caller: AuthUser,
      tokens: TokenAnswer & { access_token: string; expires_in: number },
    ) {
      const crmLocationId = tokens.locationId;
      if (!crmLocationId)
        throw new AppError('BAD_REQUEST', 'HighLevel did not say which location was installed.');
      const client = await deps.client();
      const access = tokens.access_token;
      const source: TokenSource = {
        rateKey: crmLocationId,
        current: async () => access,
        renew: async () => {
          throw reconnect('a fresh install token was refused');
        },
      };
      const loc = await client.getLocation(source, crmLocationId);
      const row = await saveLocationRow(caller, {
        loc,
        crmLocationId,
        companyId: str(loc.companyId) ?? tokens.companyId ?? null,
        installType: 'Location',
        connectionId: null,
        tokens: { access, refresh: tokens.refresh_token ?? null, expiresAt: expiry(tokens.expires_in) },
      });
      return summaries([row]);
    },

    /**
     * Company install: keep the company connection, fetch every sub-location (limit 999, paged)
     * and mint a location token for each approved one.
     */
    async saveCompanyInstall(
      caller: AuthUser,
      tokens: TokenAnswer & { access_token: string; expires_in: number },
    ) {
      const companyId = tokens.companyId;
      if (!companyId || !tokens.refresh_token)
        throw new AppError('BAD_REQUEST', 'HighLevel did not return a company connection.');
      const client = await deps.client();
      const conn = await repo.upsertConnection({
        organizationId: caller.organizationId,
        companyId,
        accessTokenSealed: sealer.seal(tokens.access_token),
        refreshTokenSealed: sealer.seal(tokens.refresh_token),
        tokenExpiresAt: expiry(tokens.expires_in),
        scope: tokens.scope ?? null,
        installedBy: caller.id,
      });
      const company: TokenSource = {
        rateKey: companyId,
        current: () => connectionToken(conn.id),
        renew: (rejected) => connectionToken(conn.id, rejected),
      };
      const subs = await client.searchAllLocations(company, companyId);
      const approved = tokens.approvedLocations ? new Set(tokens.approvedLocations) : undefined;
      const saved: LocationRow[] = [];
      for (const loc of subs) {
        const crmLocationId = str(loc.id);
        if (!crmLocationId) continue;
        let minted: { access: string; refresh: null; expiresAt: Date } | null = null;
        if (!approved || approved.has(crmLocationId)) {
          try {
            const t = await client.locationToken(company, companyId, crmLocationId);
            minted = { access: t.access_token, refresh: null, expiresAt: expiry(t.expires_in) };
          } catch (err) {
            // Saved without a token: one is minted when the account is first used.
            log.warn({ err, crmLocationId }, 'could not mint a location token at install');
          }
        }
        saved.push(
          await saveLocationRow(caller, {
            loc,
            crmLocationId,
            companyId,
            installType: 'Company',
            connectionId: conn.id,
            tokens: minted,
          }),
        );
      }
      return summaries(saved);
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
