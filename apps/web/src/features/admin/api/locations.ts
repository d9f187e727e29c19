import type { SyncRun, SyncStartRequest } from '@call-insights/contracts/crm';
import { crmApi } from '@call-insights/contracts/crm.routes';
import type { LocationSummary, RenameLocationRequest } from '@call-insights/contracts/locations';
import { locationsApi } from '@call-insights/contracts/locations.routes';
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const adminLocationKeys = {
  all: ['admin', 'locations'] as const,
  list: ['admin', 'locations', 'list'] as const,
  detail: (id: number) => ['admin', 'locations', 'detail', id] as const,
  sync: (id: number | null) => ['admin', 'sync', id] as const,
};

/**
 * One row per location name, the most recently updated kept (spec 1, admin locations). The server
 * answers de-duplicated already; doing it here too keeps the page right whatever the list holds.
 */
export function latestByName(locations: readonly LocationSummary[]): LocationSummary[] {
  const byName = new Map<string, LocationSummary>();
  for (const location of locations) {
    const kept = byName.get(location.name);
    if (!kept || Date.parse(location.updatedAt) > Date.parse(kept.updatedAt)) {
      byName.set(location.name, location);
    }
  }
  // A Map keeps the order names first appear in: the server's order.
  return [...byName.values()];
}

/** GET /locations → the organization's accounts, one row per name. */
export function adminLocationsQueryOptions() {
  return queryOptions({
    queryKey: adminLocationKeys.list,
    queryFn: async ({ signal }) => latestByName((await callApi(locationsApi.list, {}, { signal })).locations),
  });
}

/** GET /locations/location?id= → the account with its users. */
export function locationQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminLocationKeys.detail(id),
    queryFn: async ({ signal }) => (await callApi(locationsApi.get, { query: { id } }, { signal })).location,
  });
}

/** PUT /locations/location {id, name} → msg 'success'; then the location is read again (spec 1, section 4). */
export function useRenameLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RenameLocationRequest) => callApi(locationsApi.rename, { body: input }),
    onSuccess: async (answer, input) => {
      if (answer.msg !== 'success') return;
      await queryClient.invalidateQueries({ queryKey: adminLocationKeys.detail(input.id) });
      await queryClient.invalidateQueries({ queryKey: adminLocationKeys.list });
    },
  });
}

/** POST /crm/sync → a sync run (state Halt at first). */
export function useStartSync() {
  return useMutation({ mutationFn: (input: SyncStartRequest) => callApi(crmApi.startSync, { body: input }) });
}

/** The progress dialog reads the run every second until it ends (Success, Timeout or Error). */
export const SYNC_POLL_MS = 1_000;
const ENDED: ReadonlySet<SyncRun['state']> = new Set(['Success', 'Timeout', 'Error']);

export function hasEnded(run: SyncRun | undefined): boolean {
  return run !== undefined && ENDED.has(run.state);
}

export function syncRunQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: adminLocationKeys.sync(id),
    queryFn:
      id === null ? skipToken : ({ signal }) => callApi(crmApi.syncStatus, { params: { id } }, { signal }),
    refetchInterval: (query) => (hasEnded(query.state.data) ? false : SYNC_POLL_MS),
  });
}
