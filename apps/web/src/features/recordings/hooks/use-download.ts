import type { RecordingListItem } from '@call-insights/contracts/recordings';
import { useCallback, useRef, useState } from 'react';
import { isAbortError } from '../../../lib/api-client';
import { downloadRecording } from '../api/download-recording';
import { exportCsv } from '../api/export-csv';
import type { ProgressListener } from '../../../lib/transfer';

export type DownloadKind = 'recording' | 'export';
export type DownloadState = { kind: DownloadKind; percent: number | null } | null;
export type DownloadFailure = { kind: DownloadKind; error: unknown } | null;

/**
 * Runs one download at a time (a recording's audio or the CSV export) and exposes its progress
 * for the loading overlay, its failure for the error dialog, and a way to cancel it.
 */
export function useDownload() {
  const [active, setActive] = useState<DownloadState>(null);
  const [failure, setFailure] = useState<DownloadFailure>(null);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (
      kind: DownloadKind,
      task: (onProgress: ProgressListener, signal: AbortSignal) => Promise<void>,
    ) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setFailure(null);
      setActive({ kind, percent: null });
      let shown: number | null = null;
      const onProgress: ProgressListener = (fraction) => {
        const percent = fraction === null ? null : Math.floor(fraction * 100);
        if (percent === shown) return;
        shown = percent;
        setActive({ kind, percent });
      };
      try {
        await task(onProgress, abort.signal);
      } catch (error) {
        if (!isAbortError(error) && !abort.signal.aborted) {
          console.error(
            kind === 'export' ? 'Error exporting recordings' : 'Error downloading recording',
            error,
          );
          setFailure({ kind, error });
        }
      } finally {
        controller.current = null;
        setActive(null);
      }
    },
    [],
  );

  const download = useCallback(
    (item: Pick<RecordingListItem, 'id' | 'file'>) =>
      run('recording', (onProgress, signal) => downloadRecording(item, { onProgress, signal })),
    [run],
  );

  const exportRecordings = useCallback(
    (filters: Parameters<typeof exportCsv>[0]) =>
      run('export', (onProgress, signal) => exportCsv(filters, { onProgress, signal })),
    [run],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const clearFailure = useCallback(() => setFailure(null), []);

  return { active, failure, download, exportRecordings, cancel, clearFailure };
}
