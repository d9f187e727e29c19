import { SignUpRequest, type SignUpResponse } from '@call-insights/contracts/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi } from '../../../lib/api-client';

/** The contract plus the confirm-password rule of the form (spec 1, section 5). */
export const signUpInputSchema = SignUpRequest.refine((value) => value.password === value.confirmPassword, {
  path: ['confirmPassword'],
  message: 'validation.passwordMismatch',
});
export type SignUpInput = z.input<typeof signUpInputSchema>;

/** POST /users → { id } of the new account. */
export function signUp(input: SignUpRequest): Promise<z.infer<typeof SignUpResponse>> {
  return callApi(usersApi.signUp, { body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
