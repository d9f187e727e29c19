import { CoachingRequest, CoachingResponse } from '@call-insights/contracts/analysis';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { analysisKeys } from './get-analysis-record';

export const coachingRequestSchema = CoachingRequest;

/** POST /analysis/coaching → feedback text; the server saves it on the recording. 409 without a transcript. */
export async function requestCoaching(input: CoachingRequest): Promise<CoachingResponse> {
  const answer = await api.post<unknown>('/analysis/coaching', coachingRequestSchema.parse(input));
  return CoachingResponse.parse(answer);
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
