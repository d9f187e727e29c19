import {
  type SuccessResponse,
  type UserType,
  type UserTypeUpdateRequest,
} from '@call-insights/contracts/users';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi } from '../../../lib/api-client';

export const userTypeKeys = { byUser: (userId: number) => ['users', 'user-type', userId] as const };

/** GET /users/user-type?user_id=…; the spec defaults to Location when the call fails. */
export async function getUserType(userId: number, signal?: AbortSignal): Promise<UserType> {
  try {
    const answer = await callApi(usersApi.getUserType, { query: { user_id: userId } }, { signal });
    return answer.user_type;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Error fetching user type', error);
    return 'Location';
  }
}

export function userTypeQueryOptions(userId: number) {
  return queryOptions({
    queryKey: userTypeKeys.byUser(userId),
    queryFn: ({ signal }) => getUserType(userId, signal),
  });
}

/** PUT /users/user-type → { success: 'success' }. */
export function updateUserType(input: UserTypeUpdateRequest): Promise<z.infer<typeof SuccessResponse>> {
  return callApi(usersApi.setUserType, { body: input });
}

export function useUpdateUserType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserType,
    onSuccess: (_answer, input) =>
      queryClient.setQueryData(userTypeKeys.byUser(input.user_id), input.user_type),
  });
}
