import { ResetPasswordRequest, type MessageResponse } from '@call-insights/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** The form: the new password (contract rules) and its confirmation; the token comes from the URL. */
export const resetPasswordFormSchema = z.object({
  password: ResetPasswordRequest.shape.password,
  confirmPassword: z.string(),
});
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** POST /users/resetpassword; a 400 means the link is invalid, used or expired. */
export function resetPassword(input: ResetPasswordRequest): Promise<z.infer<typeof MessageResponse>> {
  return api.post<z.infer<typeof MessageResponse>>('/users/resetpassword', input, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
