import { LinkGeneratorRequest, type LinkGeneratorResponse } from '@call-insights/contracts/analysis-record';
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

/** POST /analysis/link-generator → the public link; the same one each time until it is revoked. */
export async function createShareLink(id: number): Promise<LinkGeneratorResponse> {
  const parsed = await callApi(analysisApi.createShareLink, {
    body: linkGeneratorRequestSchema.parse({ id }),
  });
  return { ...parsed, link: absoluteShareLink(parsed.link, window.location.origin) };
}

export function useCreateShareLink() {
  return useMutation({ mutationFn: createShareLink });
}
