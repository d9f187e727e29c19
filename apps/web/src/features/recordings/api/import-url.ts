import { FileUrlRequest, type UploadResponse } from '@call-insights/contracts/recordings';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { recordingsKeys } from './get-recordings';
import type { UploadMetaInput } from './import-form';

export const fileUrlRequestSchema = FileUrlRequest;
export type ImportUrlInput = UploadMetaInput & { file_url: string };

/** POST /analysis/file-url → 201 { success, id }; the server downloads and checks the file. */
export function importFromUrl(input: ImportUrlInput): Promise<UploadResponse> {
  return callApi(recordingsApi.importUrl, { body: input });
}

export function useImportUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFromUrl,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordingsKeys.lists() }),
  });
}
