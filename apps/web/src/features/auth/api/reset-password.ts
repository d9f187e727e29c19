import { ResetPasswordRequest, type MessageResponse } from '@call-insights/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi } from '../../../lib/api-client';

/** The form: the new password (contract rules) and its confirmation; the token comes from the URL. */
export const resetPasswordFormSchema = z.object({
  password: ResetPasswordRequest.shape.password,
  confirmPassword: z.string(),
});
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** POST /users/resetpassword; a 400 means the link is invalid, used or expired. */
export function resetPassword(input: ResetPasswordRequest): Promise<z.infer<typeof MessageResponse>> {
  return callApi(usersApi.resetPassword, { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
