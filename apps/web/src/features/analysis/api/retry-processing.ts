import type { RetryResponse } from '@call-insights/contracts/recordings';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { analysisKeys } from './get-analysis-record';

export type RetryProcessingResponse = z.infer<typeof RetryResponse>;

/** POST /recordings/:id/retry → { id, status }: a failed recording goes through processing again. */
export function retryProcessing(id: number): Promise<RetryProcessingResponse> {
  return callApi(recordingsApi.retry, { params: { id } });
}

export function useRetryProcessing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryProcessing(id),
    // The record now reports "queued", which starts its polling.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysisKeys.record(id) }),
  });
}
