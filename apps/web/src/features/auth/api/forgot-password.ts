import { ForgotPasswordRequest } from '@call-insights/contracts/users';
import type { MessageResponse } from '@call-insights/contracts/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi } from '../../../lib/api-client';

export const forgotPasswordInputSchema = ForgotPasswordRequest;
export type ForgotPasswordInput = ForgotPasswordRequest;

/** POST /users/forgotPassword: 200 when the e-mail was sent, 404 when no account has that e-mail. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<z.infer<typeof MessageResponse>> {
  return callApi(usersApi.forgotPassword, { body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
