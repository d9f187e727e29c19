import { loginInputSchema, type LoginInput } from '../api/login';

export type SignInField = keyof LoginInput;
/** One message per field: the first issue the contract's schema reports for it. */
export type SignInErrors = Partial<Record<SignInField, string>>;

/** Checks the sign-in fields against the login contract; `data` is what to send (trimmed e-mail). */
export function validateSignIn(values: LoginInput): { data?: LoginInput; errors: SignInErrors } {
  const parsed = loginInputSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return { errors };
}
