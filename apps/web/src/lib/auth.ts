/**
 * Owns the signed-in session shared by the whole app: the stored token's validity,
 * the current user query and sign-out.
 */
import type { User } from '@call-insights/contracts/users';
import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi } from './api-client';
import { clearAccessToken, getAccessToken, getStoredUserId } from './storage';
import { isTokenValid } from './token';

export const currentUserKeys = {
  all: ['users', 'current'] as const,
  byId: (id: number | null) => ['users', 'current', id] as const,
};

export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return callApi(usersApi.getUser, { params: { id } }, { signal });
}

export function currentUserQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: currentUserKeys.byId(id),
    // TanStack passes its AbortSignal: a cancelled fetch is dropped without an error.
    queryFn: id === null ? skipToken : ({ signal }) => getUser(id, signal),
  });
}

export function hasValidSession(): boolean {
  return isTokenValid(getAccessToken());
}

/** The signed-in user, read from the cache the shell filled. */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions(hasValidSession() ? getStoredUserId() : null));
}

/** Sign out removes the stored access token (spec 1, section 4) and forgets cached data. */
export function signOut(queryClient: QueryClient): void {
  clearAccessToken();
  queryClient.clear();
}
