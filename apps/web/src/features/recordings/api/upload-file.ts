import { UploadMeta, UploadResponse } from '@call-insights/contracts/recordings';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordingsKeys } from './get-recordings';
import type { UploadMetaInput } from './import-form';
import { postMultipart, type ProgressListener } from '../../../lib/transfer';

/** The JSON part of the upload (checked by the server with the same schema). */
export const uploadMetaSchema = UploadMeta;

export type UploadFileInput = { file: File; meta: UploadMetaInput };

/** Spec: the answer "file uploaded successfully" means success; anything else is a failure. */
export function parseUploadAnswer(answer: unknown): UploadResponse | null {
  const parsed = UploadResponse.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/**
 * POST /analysis/upload_file as multipart/form-data: the `json` part (the upload fields as JSON)
 * first, then the `file` part. Progress reports the bytes sent.
 */
export function uploadFile(
  { file, meta }: UploadFileInput,
  options: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): Promise<unknown> {
  const form = new FormData();
  form.append('json', JSON.stringify(meta));
  form.append('file', file, file.name);
  return postMultipart<unknown>(recordingsApi.upload.path, form, options);
}

type UploadVariables = UploadFileInput & { onProgress?: ProgressListener; signal?: AbortSignal };

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ onProgress, signal, ...input }: UploadVariables) =>
      uploadFile(input, { onProgress, signal }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordingsKeys.lists() }),
  });
}
