import type { RecordingListItem } from '@call-insights/contracts/recordings';
import { fetchFile, saveBlob, type ProgressListener } from './transfer';

type TransferOptions = { onProgress?: ProgressListener; signal?: AbortSignal };

/**
 * GET /recordings/:id/audio?download=1, read with progress (the server sends Content-Length),
 * saved under the recording's original file name.
 */
export async function downloadRecording(
  item: Pick<RecordingListItem, 'id' | 'file'>,
  options: TransferOptions = {},
): Promise<void> {
  const { blob, fileName } = await fetchFile(`/recordings/${item.id}/audio`, {
    ...options,
    query: { download: 1 },
  });
  saveBlob(blob, item.file.originalname || fileName || `recording-${item.id}`);
}
