import type { TrackerList } from '@call-insights/contracts/trackers';
import { trackersApi } from '@call-insights/contracts/trackers.routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /trackers → the organization's trackers, for the list's tracker filter (same cache key as the trackers page). */
export function trackerOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['trackers', 'list'] as const,
    queryFn: ({ signal }): Promise<TrackerList> => callApi(trackersApi.list, {}, { signal }),
    staleTime: 60_000,
  });
}
