/**
 * Saving HighLevel installs: Location (the location's own tokens) and Company (the company
 * connection, every sub-location and a minted location token each), each account linked to the
 * user who installed it.
 */
import type { HlLocation, HlSearchLocation, TokenAnswer } from '../../adapters/highlevel/client.js';
import type { TokenSource } from '../../adapters/highlevel/http.js';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { LocationRow } from './locations.repository.js';
import { str, toSummary } from './locations.summary.js';
import { reconnect, type LocationTokenDeps, type LocationTokens } from './locations.tokens.service.js';

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

export function createLocationInstalls(
  deps: LocationTokenDeps & { sourceLabel: string },
  locationTokens: LocationTokens,
) {
  const { repo, sealer, log } = deps;
  const { expiry, connectionToken } = locationTokens;

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

  const summaries = (rows: LocationRow[]) => rows.map((r) => toSummary(r, deps.sourceLabel));

  return {
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
