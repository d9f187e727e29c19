import { ChangePasswordRequest, type LoginResponse } from '@call-insights/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi, replacingToken } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/auth';
import { setAccessToken } from '../../../lib/storage';

/** New password (contract rules) and its confirmation, which must match. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: ChangePasswordRequest.shape.currentPassword,
    password: ChangePasswordRequest.shape.password,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/**
 * PUT /users/change-password { email, password }. The server ends every older session and
 * answers with a fresh token, which replaces the stored one.
 */
export function changePassword(input: ChangePasswordRequest): Promise<LoginResponse> {
  // The new token is stored before anything else runs, so no call goes out with the ended session.
  return replacingToken(async () => {
    const answer = await callApi(usersApi.changePassword, { body: input });
    if (answer?.accessToken) setAccessToken(answer.accessToken);
    return answer;
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKeys.all }),
  });
}
