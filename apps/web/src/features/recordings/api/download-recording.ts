import { buildPath } from '@call-insights/contracts/http';
import type { RecordingListItem } from '@call-insights/contracts/recordings';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { fetchFile, saveBlob, type ProgressListener } from '../../../lib/transfer';

type TransferOptions = { onProgress?: ProgressListener; signal?: AbortSignal };

/**
 * GET /recordings/:id/audio?download=1, read with progress (the server sends Content-Length),
 * saved under the recording's original file name.
 */
export async function downloadRecording(
  item: Pick<RecordingListItem, 'id' | 'file'>,
  options: TransferOptions = {},
): Promise<void> {
  const { blob, fileName } = await fetchFile(buildPath(recordingsApi.audio.path, { id: item.id }), {
    ...options,
    query: { download: 1 },
  });
  saveBlob(blob, item.file.originalname || fileName || `recording-${item.id}`);
}
