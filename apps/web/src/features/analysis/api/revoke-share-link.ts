import { ShareQuery } from '@call-insights/contracts/analysis-record';
import { analysisApi } from '@call-insights/contracts/analysis.routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const revokeShareQuerySchema = ShareQuery;

/** DELETE /analysis/shareable?link=<token> → 204; the link stops working at once. */
export async function revokeShareLink(token: string): Promise<void> {
  await callApi(analysisApi.revokeShareLink, { query: revokeShareQuerySchema.parse({ link: token }) });
}

export function useRevokeShareLink() {
  return useMutation({ mutationFn: revokeShareLink });
}
