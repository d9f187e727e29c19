import type { VerifyTokenResponse } from '@call-insights/contracts/users';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi } from '../../../lib/api-client';

export type VerifyToken = z.infer<typeof VerifyTokenResponse>;

/** GET /users/verify-token: a 200 means the stored token is still accepted by the server. */
export function verifyToken(signal?: AbortSignal): Promise<VerifyToken> {
  // The sign-in page handles a refused token itself (it logs out and stays).
  return callApi(usersApi.verifyToken, {}, { signal, redirectOnUnauthorized: false });
}

export function verifyTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-token', token],
    queryFn: ({ signal }) => verifyToken(signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
