import { FileUrlRequest } from '@call-insights/contracts/recordings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordingsKeys } from './get-recordings';
import type { UploadMetaInput } from './import-form';

export const fileUrlRequestSchema = FileUrlRequest;
export type ImportUrlInput = UploadMetaInput & { file_url: string };

/** POST /analysis/file-url → 201 { success, id }; the server downloads and checks the file. */
export function importFromUrl(input: ImportUrlInput): Promise<unknown> {
  return api.post<unknown>('/analysis/file-url', input);
}

export function useImportUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFromUrl,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordingsKeys.lists() }),
  });
}
