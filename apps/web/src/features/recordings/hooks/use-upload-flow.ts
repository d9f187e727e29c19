import { useCallback, useRef, useState } from 'react';
import { isAbortError } from '../../../lib/api-client';
import { getStoredUserId } from '../../../lib/storage';
import { toUploadMeta, type ImportFormValues } from '../api/import-form';
import { useImportUrl } from '../api/import-url';
import { parseUploadAnswer, useUploadFile } from '../api/upload-file';

/** What the page shows around an import: overlay, result dialogs and the progress modal. */
export type UploadFlow = {
  /** The loading overlay while the request runs: percent of the bytes sent (file) or null (URL). */
  sending: { percent: number | null; cancellable: boolean } | null;
  /** The recording whose processing progress is being polled (progress modal), if any. */
  trackedId: number | null;
  successOpen: boolean;
  /** Set when the failure dialog is open; `error` is what went wrong, if anything was thrown. */
  failure: { error: unknown } | null;
};

type Variant = 'file' | 'url';

/**
 * Spec, upload states: the dialog closes on submit and a loading overlay shows; on
 * "file uploaded successfully" the list reloads (the mutation invalidates it), the success dialog
 * opens and the progress is polled; any other answer or a network error opens the failure dialog.
 */
export function useUploadFlow({ onUrlSuccess }: { onUrlSuccess: () => void }) {
  const { mutateAsync: sendFile } = useUploadFile();
  const { mutateAsync: sendUrl } = useImportUrl();
  const [sending, setSending] = useState<UploadFlow['sending']>(null);
  const [trackedId, setTrackedId] = useState<number | null>(null);
  const [successOpen, setSuccessOpen] = useState(false);
  const [failure, setFailure] = useState<UploadFlow['failure']>(null);
  const controller = useRef<AbortController | null>(null);

  const settle = useCallback(
    (variant: Variant, answer: unknown) => {
      const success = parseUploadAnswer(answer);
      if (!success) {
        setFailure({ error: null });
        return;
      }
      setTrackedId(success.id);
      setSuccessOpen(true);
      if (variant === 'url') onUrlSuccess();
    },
    [onUrlSuccess],
  );

  const run = useCallback(
    async (variant: Variant, send: (signal: AbortSignal) => Promise<unknown>) => {
      const abort = new AbortController();
      controller.current = abort;
      setFailure(null);
      setSuccessOpen(false);
      setSending({ percent: variant === 'file' ? 0 : null, cancellable: variant === 'file' });
      try {
        settle(variant, await send(abort.signal));
      } catch (error) {
        if (isAbortError(error) || abort.signal.aborted) return;
        console.error('Error uploading recording', error);
        setFailure({ error });
      } finally {
        controller.current = null;
        setSending(null);
      }
    },
    [settle],
  );

  /** Sends what the import dialog validated: the file (multipart, with progress) or the URL. */
  const submit = useCallback(
    (values: ImportFormValues) => {
      const { source, file, fileUrl, ...fields } = values;
      const userId = getStoredUserId();
      if (source === 'url') {
        const meta = toUploadMeta(fields, 'file_url', userId);
        void run('url', () => sendUrl({ ...meta, file_url: fileUrl }));
        return;
      }
      if (!file) return;
      const meta = toUploadMeta(fields, 'uploaded_file', userId);
      let shown: number | null = 0;
      void run('file', (signal) =>
        sendFile({
          file,
          meta,
          signal,
          onProgress: (fraction) => {
            const percent = fraction === null ? null : Math.floor(fraction * 100);
            if (percent === shown) return;
            shown = percent;
            setSending({ percent, cancellable: true });
          },
        }),
      );
    },
    [run, sendFile, sendUrl],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  const flow: UploadFlow = { sending, trackedId, successOpen, failure };
  return {
    flow,
    submit,
    cancel,
    closeSuccess: useCallback(() => setSuccessOpen(false), []),
    closeFailure: useCallback(() => setFailure(null), []),
    stopTracking: useCallback(() => setTrackedId(null), []),
  };
}
