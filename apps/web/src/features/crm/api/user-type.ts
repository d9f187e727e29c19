import {
  UserTypeResponse,
  type SuccessResponse,
  type UserType,
  type UserTypeUpdateRequest,
} from '@call-insights/contracts/users';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export const userTypeKeys = { byUser: (userId: number) => ['users', 'user-type', userId] as const };

/** GET /users/user-type?user_id=…; the spec defaults to Location when the call fails. */
export async function getUserType(userId: number, signal?: AbortSignal): Promise<UserType> {
  try {
    const answer = await api.get<unknown>('/users/user-type', { query: { user_id: userId }, signal });
    const parsed = UserTypeResponse.safeParse(answer);
    return parsed.success ? parsed.data.user_type : 'Location';
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
  return api.put<z.infer<typeof SuccessResponse>>('/users/user-type', input);
}

export function useUpdateUserType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserType,
    onSuccess: (_answer, input) =>
      queryClient.setQueryData(userTypeKeys.byUser(input.user_id), input.user_type),
  });
}
