import {
  LinkGeneratorRequest,
  type LinkGeneratorResponse,
  type ShareExpiryDays,
} from '@call-insights/contracts/analysis-record';
import { analysisApi } from '@call-insights/contracts/analysis.routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const linkGeneratorRequestSchema = LinkGeneratorRequest;

/**
 * The link as something to paste anywhere: the server answers a path ("/share/…") when it has no
 * public URL configured, so a relative link is made absolute against this page's origin.
 */
export function absoluteShareLink(link: string, origin: string): string {
  try {
    return new URL(link, origin).href;
  } catch {
    return link;
  }
}

export type ShareLinkInput = { id: number; expiresInDays?: ShareExpiryDays };

/**
 * POST /analysis/link-generator → the public link; the same one each time until it is revoked or
 * expires. `expiresInDays` (7, 30, 90, or null for never) sets when it stops working, from now.
 */
export async function createShareLink({ id, expiresInDays }: ShareLinkInput): Promise<LinkGeneratorResponse> {
  const parsed = await callApi(analysisApi.createShareLink, {
    body: linkGeneratorRequestSchema.parse({
      id,
      ...(expiresInDays !== undefined ? { expires_in_days: expiresInDays } : {}),
    }),
  });
  return { ...parsed, link: absoluteShareLink(parsed.link, window.location.origin) };
}

export function useCreateShareLink() {
  return useMutation({ mutationFn: createShareLink });
}
