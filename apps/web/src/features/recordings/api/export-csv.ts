import type { CallResultClass } from '@call-insights/contracts/analysis';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { ExportQuery } from '@call-insights/contracts/recordings';
import { browserTimezone } from '../../../lib/time-zone';
import { fetchFile, saveBlob, type ProgressListener } from '../../../lib/transfer';

export const exportQuerySchema = ExportQuery;

/** The name used when the server sends none: recordings-YYYY-MM-DD.csv (local date). */
export function defaultExportFileName(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `recordings-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** GET /recordings/export.csv?q=&tz=&tracker_id=&result= (the list as it is filtered), saved under the server's file name. */
export async function exportCsv(
  filters: { search: string; trackerId?: number; result?: CallResultClass },
  options: { onProgress?: ProgressListener; signal?: AbortSignal } = {},
): Promise<void> {
  const { search, trackerId, result } = filters;
  // Always the browser's time zone: the dates are written as the list shows them (local times), and
  // a date typed in the search means that day here.
  const query = exportQuerySchema.parse({
    q: search || undefined,
    tz: browserTimezone(),
    tracker_id: trackerId,
    result,
  });
  const { blob, fileName } = await fetchFile(recordingsApi.exportCsv.path, { ...options, query });
  saveBlob(blob, fileName ?? defaultExportFileName());
}
