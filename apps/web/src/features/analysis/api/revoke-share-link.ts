import { ShareQuery } from '@call-insights/contracts/analysis-record';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const revokeShareQuerySchema = ShareQuery;

/** DELETE /analysis/shareable?link=<token> → 204; the link stops working at once. */
export async function revokeShareLink(token: string): Promise<void> {
  await api.delete<undefined>('/analysis/shareable', {
    query: revokeShareQuerySchema.parse({ link: token }),
  });
}

export function useRevokeShareLink() {
  return useMutation({ mutationFn: revokeShareLink });
}
