import { CoachingRequest, type CoachingResponse } from '@call-insights/contracts/analysis';
import { analysisApi } from '@call-insights/contracts/analysis.routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '../../../lib/api-client';
import { analysisKeys } from './get-analysis-record';

export const coachingRequestSchema = CoachingRequest;

/** POST /analysis/coaching → feedback text; the server saves it on the recording. 409 without a transcript. */
export async function requestCoaching(input: CoachingRequest): Promise<CoachingResponse> {
  return callApi(analysisApi.coaching, { body: coachingRequestSchema.parse(input) });
}

export function isNoTranscriptError(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

export function useRequestCoaching(recordingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCoaching,
    // The saved feedback on the record changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: analysisKeys.record(recordingId) }),
  });
}
