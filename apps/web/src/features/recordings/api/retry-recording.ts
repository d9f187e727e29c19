import { RecordingIdQuery, type RetryResponse } from '@call-insights/contracts/recordings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { callApi } from '../../../lib/api-client';
import { recordingsKeys } from './get-recordings';

export const retryInputSchema = RecordingIdQuery;
export type RetryResult = z.infer<typeof RetryResponse>;

/** POST /recordings/:id/retry → { id, status }; only failed recordings can be retried. */
export function retryRecording(id: number): Promise<RetryResult> {
  const input = retryInputSchema.parse({ id });
  return callApi(recordingsApi.retry, { params: input });
}

export function useRetryRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRecording,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordingsKeys.lists() }),
  });
}
