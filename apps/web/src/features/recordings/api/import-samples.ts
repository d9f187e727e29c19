import type { SamplesResponse } from '@call-insights/contracts/recordings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { callApi } from '../../../lib/api-client';
import { recordingsKeys } from './get-recordings';

export type SamplesResult = z.infer<typeof SamplesResponse>;

/** POST /recordings/samples → 201 { ids }: imports the sample calls shipped with the app. */
export function importSamples(): Promise<SamplesResult> {
  return callApi(recordingsApi.importSamples);
}

export function useImportSamples() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSamples,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordingsKeys.lists() }),
  });
}
