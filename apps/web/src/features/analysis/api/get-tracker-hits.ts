import type { RecordingTrackerHits } from '@call-insights/contracts/trackers';
import { trackersApi } from '@call-insights/contracts/trackers.routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /recordings/:id/tracker-hits → every tracker of the organization with its mentions in the call. */
export async function getTrackerHits(id: number, signal?: AbortSignal): Promise<RecordingTrackerHits> {
  return callApi(trackersApi.recordingHits, { params: { id } }, { signal });
}

/** Keyed by the call's status too: the mentions are asked again once a (re-)analysis finishes. */
export function trackerHitsQueryOptions(id: number, status: string) {
  return queryOptions({
    queryKey: ['analysis', 'tracker-hits', id, status] as const,
    queryFn: ({ signal }) => getTrackerHits(id, signal),
  });
}
