import { UpdateUserRequest, type User } from '@call-insights/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/auth';

export const updateUserInputSchema = UpdateUserRequest;
export type UpdateUserInput = UpdateUserRequest;

/** PUT /users with first_name, last_name, email (unchanged) and username → the updated user. */
export function updateUser(input: UpdateUserInput): Promise<User> {
  return callApi(usersApi.updateProfile, { body: input });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKeys.all }),
  });
}
