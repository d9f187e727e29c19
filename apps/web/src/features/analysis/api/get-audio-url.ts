import { AudioUrlResponse } from '@call-insights/contracts/recordings';
import { recordingsApi } from '@call-insights/contracts/recordings.routes';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { analysisKeys } from './get-analysis-record';

export const audioUrlResponseSchema = AudioUrlResponse;

/** GET /recordings/:id/audio-url → a same-origin signed URL usable as `<audio src>` (Range seeking). */
export async function getAudioUrl(id: number, signal?: AbortSignal): Promise<AudioUrlResponse> {
  return callApi(recordingsApi.audioUrl, { params: { id } }, { signal });
}

/** Whether a signed URL has expired (or will within a minute), `expiresAt` being in epoch seconds. */
export function isAudioUrlExpired(answer: Pick<AudioUrlResponse, 'expiresAt'>, now = Date.now()): boolean {
  return answer.expiresAt * 1000 - 60_000 <= now;
}

/**
 * Asked once per page visit: a new URL would reload the player, so it is only fetched again when
 * the player reports an error after the URL expired.
 */
export function audioUrlQueryOptions(id: number, hasAudio: boolean) {
  return queryOptions({
    queryKey: analysisKeys.audioUrl(id),
    queryFn: hasAudio ? ({ signal }) => getAudioUrl(id, signal) : skipToken,
    staleTime: Infinity,
  });
}
