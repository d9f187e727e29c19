import { ActiveLocationsResponse } from '@call-insights/contracts/locations';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { locationsApi } from '@call-insights/contracts/locations.routes';
import { callApi } from '../../../lib/api-client';

export const activeLocationsResponseSchema = ActiveLocationsResponse;
export type ActiveLocation = z.infer<typeof ActiveLocationsResponse>['locations'][number];

export const activeLocationsKeys = { all: ['locations', 'active'] as const };

/** GET /locations/active-locations → the accounts an import can be linked to (may be empty). */
export async function getActiveLocations(signal?: AbortSignal): Promise<ActiveLocation[]> {
  return (await callApi(locationsApi.activeLocations, {}, { signal })).locations;
}

export function activeLocationsQueryOptions() {
  return queryOptions({
    queryKey: activeLocationsKeys.all,
    queryFn: ({ signal }) => getActiveLocations(signal),
  });
}
