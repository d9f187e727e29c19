/**
 * Owns CRM accounts (HighLevel locations) of an organization: lists for the account and admin
 * pages, Active sync, rename, users of a location, the import dialog's accounts. Saving installs
 * is locations.installs.service.ts's; the tokens (sealed, refreshed under a row lock) are
 * locations.tokens.service.ts's.
 */
import type { LocationDetail, LocationsResponse } from '@call-insights/contracts/locations';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { LocationRow } from './locations.repository.js';
import { createLocationInstalls } from './locations.installs.service.js';
import { dedupeByName, str, toSummary } from './locations.summary.js';
import { createLocationTokens, type LocationTokenDeps } from './locations.tokens.service.js';

export { dedupeByName, toSummary } from './locations.summary.js';
export { REFRESH_AHEAD_MS } from './locations.tokens.service.js';

export type LocationsServiceDeps = LocationTokenDeps & { sourceLabel: string };

export function createLocationsService(deps: LocationsServiceDeps) {
  const { repo } = deps;
  const tokens = createLocationTokens(deps);

  async function owned(caller: AuthUser, id: number): Promise<LocationRow> {
    const row = await repo.findForOrg(caller.organizationId, id);
    if (!row) throw new AppError('NOT_FOUND', 'This account was not found.');
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
    tokenSource: tokens.tokenSource,

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

    ...createLocationInstalls(deps, tokens),
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
