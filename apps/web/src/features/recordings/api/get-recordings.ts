import { browserTimezone } from '../../../lib/time-zone';
import {
  RecordingListQuery,
  type RecordingListItem,
  type RecordingListResponse,
  type RecordingStatus,
} from '@call-insights/contracts/recordings';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { callApi } from '../../../lib/api-client';

export const recordingListQuerySchema = RecordingListQuery;
export type RecordingListInput = z.input<typeof RecordingListQuery>;
export type RecordingSort = RecordingListQuery['sort'];

export const recordingsKeys = {
  all: ['recordings'] as const,
  lists: () => ['recordings', 'list'] as const,
  list: (query: RecordingListQuery) => ['recordings', 'list', query] as const,
  progress: (id: number) => ['recordings', 'progress', id] as const,
};

/** While a visible row is still being processed the list is asked again every 2 s. */
export const UNFINISHED_REFETCH_MS = 2_000;

export function isFinished(status: RecordingStatus): boolean {
  return status === 'done' || status === 'failed';
}

export function hasUnfinished(items: readonly RecordingListItem[] | undefined): boolean {
  return Boolean(items?.some((item) => !isFinished(item.status)));
}

/** GET /analysis/transcriptions?page|cursor&q&sort → one page (10 rows) of the organization's recordings. */
export function getRecordings(
  input: RecordingListInput,
  signal?: AbortSignal,
): Promise<RecordingListResponse> {
  const query = recordingListQuerySchema.parse(input);
  return callApi(
    recordingsApi.list,
    {
      query: {
        ...(query.cursor ? { cursor: query.cursor } : { page: query.page }),
        q: query.q || undefined,
        // A date typed in the search means that day here, as the list shows local times.
        tz: query.q ? browserTimezone() : undefined,
        sort: query.sort,
        tracker_id: query.tracker_id,
        result: query.result,
      },
    },
    { signal },
  );
}

export function recordingsQueryOptions(input: RecordingListInput) {
  const query = recordingListQuerySchema.parse(input);
  return queryOptions({
    queryKey: recordingsKeys.list(query),
    queryFn: ({ signal }) => getRecordings(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (hasUnfinished(q.state.data?.items) ? UNFINISHED_REFETCH_MS : false),
    staleTime: 0,
  });
}
