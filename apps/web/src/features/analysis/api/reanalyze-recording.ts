import { RetryResponse } from '@call-insights/contracts/recordings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { analysisKeys } from './get-analysis-record';

export type ReanalyzeResponse = z.infer<typeof RetryResponse>;

/** POST /recordings/:id/reanalyze → { id, status: 'analyzing' }; 409 while there is no transcript. */
export async function reanalyzeRecording(id: number): Promise<ReanalyzeResponse> {
  const answer = await api.post<unknown>(`/recordings/${id}/reanalyze`);
  return RetryResponse.parse(answer);
}

export function useReanalyzeRecording(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reanalyzeRecording(id),
    // The record now reports "analyzing", which starts its 2 s polling.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysisKeys.record(id) }),
  });
}
