import { AnalysisRecord } from '@call-insights/contracts/analysis-record';
import { analysisApi } from '@call-insights/contracts/analysis.routes';
import { RecordingIdQuery, type RecordingStatus } from '@call-insights/contracts/recordings';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const recordingIdSchema = RecordingIdQuery.shape.id;
export const analysisRecordSchema = AnalysisRecord;

export const analysisKeys = {
  all: ['analysis'] as const,
  record: (id: number) => ['analysis', 'record', id] as const,
  audioUrl: (id: number) => ['analysis', 'audio-url', id] as const,
  coaches: () => ['analysis', 'coaches'] as const,
};

/** While the recording is being processed the record is asked again every 2 s. */
export const PROCESSING_REFETCH_MS = 2_000;

export function isProcessing(status: RecordingStatus): boolean {
  return status !== 'done' && status !== 'failed';
}

/** The recording id of the URL (`/main/call-analysis/:id`), or null when it is not one. */
export function parseRecordingId(value: string | undefined): number | null {
  const parsed = recordingIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** GET /analysis/analysis?id= → the call record with its analysis; 404 for an unknown recording. */
export async function getAnalysisRecord(id: number, signal?: AbortSignal): Promise<AnalysisRecord> {
  return callApi(analysisApi.record, { query: { id } }, { signal });
}

export function analysisRecordQueryOptions(id: number) {
  return queryOptions({
    queryKey: analysisKeys.record(id),
    queryFn: ({ signal }) => getAnalysisRecord(id, signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isProcessing(data.status) ? PROCESSING_REFETCH_MS : false;
    },
    staleTime: 0,
  });
}
