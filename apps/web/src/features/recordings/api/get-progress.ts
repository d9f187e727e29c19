import { RecordingIdQuery, type ProgressResponse } from '@call-insights/contracts/recordings';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { recordingsKeys } from './get-recordings';

export const progressQuerySchema = RecordingIdQuery;

/** Spec: the progress is asked every 500 ms until it reaches 100. */
export const PROGRESS_POLL_MS = 500;

/** GET /transcription/progress?id= → { progress 0–100, status, error }. */
export async function getProgress(id: number, signal?: AbortSignal): Promise<ProgressResponse> {
  const query = progressQuerySchema.parse({ id });
  return callApi(recordingsApi.progress, { query }, { signal });
}

/** Polling stops at 100 %, on a failed recording, or after the first failed poll (no retries). */
export function progressQueryOptions(id: number) {
  return queryOptions({
    queryKey: recordingsKeys.progress(id),
    queryFn: ({ signal }) => getProgress(id, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => {
      const { data, status } = query.state;
      if (status === 'error') return false;
      if (data && (data.progress >= 100 || data.status === 'failed')) return false;
      return PROGRESS_POLL_MS;
    },
    refetchIntervalInBackground: true,
  });
}
