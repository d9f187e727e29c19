import type { RetryResponse } from '@call-insights/contracts/recordings';
import { analysisApi } from '@call-insights/contracts/analysis.routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { analysisKeys } from './get-analysis-record';

export type ReanalyzeResponse = z.infer<typeof RetryResponse>;

/** POST /recordings/:id/reanalyze → { id, status: 'analyzing' }; 409 while there is no transcript. */
export async function reanalyzeRecording(id: number): Promise<ReanalyzeResponse> {
  return callApi(analysisApi.reanalyze, { params: { id } });
}

export function useReanalyzeRecording(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reanalyzeRecording(id),
    // The record now reports "analyzing", which starts its 2 s polling.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysisKeys.record(id) }),
  });
}
