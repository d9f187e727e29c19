import { SharedAnalysis } from '@call-insights/contracts/analysis-record';
import { queryOptions } from '@tanstack/react-query';
import { analysisApi } from '@call-insights/contracts/analysis.routes';
import { callApi, isApiError } from '../../../lib/api-client';

export const sharedAnalysisSchema = SharedAnalysis;

export const shareKeys = { byLink: (link: string) => ['share', link] as const };

/** GET /analysis/shareable?link= (public, no token) → the shared call; 404 unknown or revoked, 429 rate-limited. */
export async function getSharedAnalysis(link: string, signal?: AbortSignal): Promise<SharedAnalysis> {
  return callApi(analysisApi.openShared, { query: { link } }, { signal });
}

export function sharedAnalysisQueryOptions(link: string) {
  return queryOptions({
    queryKey: shareKeys.byLink(link),
    queryFn: ({ signal }) => getSharedAnalysis(link, signal),
  });
}

export type SharedAnalysisFailure = 'unavailable' | 'rateLimited' | 'failed';

/** What a failed load means for the visitor. */
export function sharedAnalysisFailure(error: unknown): SharedAnalysisFailure {
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return 'unavailable';
  if (isApiError(error) && error.status === 429) return 'rateLimited';
  return 'failed';
}
