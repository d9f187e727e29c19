import {
  LOGIN_WRONG_PASSWORD,
  LOGIN_WRONG_USER,
  LoginRequest,
  type LoginResponse,
} from '@call-insights/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { usersApi } from '@call-insights/contracts/users.routes';
import { callApi, isApiError } from '../../../lib/api-client';

export const loginInputSchema = LoginRequest;
export type LoginInput = LoginRequest;

/** POST /users/login. Public: a 401 here means wrong credentials, not an expired session. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return callApi(usersApi.login, { body: input });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export type LoginErrorKey =
  | 'auth.signIn.wrongPassword'
  | 'auth.signIn.wrongUser'
  | 'errors.tooManyAttempts'
  | 'errors.network'
  | 'auth.signIn.failed';

/** The message to show for a failed sign-in (spec 1, section 8). */
export function loginErrorKey(error: unknown): LoginErrorKey {
  if (!isApiError(error)) return 'auth.signIn.failed';
  if (error.message === LOGIN_WRONG_PASSWORD) return 'auth.signIn.wrongPassword';
  if (error.message === LOGIN_WRONG_USER) return 'auth.signIn.wrongUser';
  if (error.status === 429) return 'errors.tooManyAttempts';
  if (error.code === 'NETWORK') return 'errors.network';
  return 'auth.signIn.failed';
}
