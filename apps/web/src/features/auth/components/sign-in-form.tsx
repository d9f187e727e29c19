import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useErrorText } from '../../../hooks/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/auth';
import { applyServerFieldErrors } from '../../../lib/form';
import { saveSignedInAccount } from '../../../lib/storage';
import { loginErrorKey, type LoginErrorKey, type LoginInput, useLogin } from '../api/login';
import { validateSignIn, type SignInErrors, type SignInField } from '../utils/validate-sign-in';

const fields: readonly SignInField[] = ['email', 'password'];

/**
 * Two fields and a submit, kept free of a form library so /signin stays small: the contract's
 * schema validates on submit, then each field again as it changes (what react-hook-form did on
 * the other forms), and the first invalid field takes the focus.
 */
export function SignInForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  // A key of ours, or the server's own words (a throttled account is told how long to wait).
  const [failure, setFailure] = useState<LoginErrorKey | { text: string } | null>(null);
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const focusFirst = (invalid: SignInErrors) => {
    const first = fields.find((field) => invalid[field]);
    if (first) inputs[first].current?.focus();
  };

  const change = (field: SignInField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors((current) => ({ ...current, [field]: validateSignIn(next).errors[field] }));
  };

  // The shape react-hook-form's setError has, so the shared server-error mapping applies as is.
  const setServerError: UseFormSetError<LoginInput> = (name, error, options) => {
    if (name !== 'email' && name !== 'password') return;
    setErrors((current) => ({ ...current, [name]: error.message }));
    if (options?.shouldFocus) inputs[name].current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validateSignIn(values);
    setErrors(result.errors);
    if (!result.data) {
      focusFirst(result.errors);
      return;
    }
    setFailure(null);
    login.mutate(result.data, {
      onSuccess: (response) => {
        // Spec: without an access token in the answer the user stays on the sign-in page.
        if (!response?.accessToken) {
          setFailure('auth.signIn.failed');
          return;
        }
        saveSignedInAccount({
          id: response.user.id,
          email: response.user.email,
          username: response.user.username,
          accessToken: response.accessToken,
        });
        queryClient.setQueryData(currentUserQueryOptions(response.user.id).queryKey, response.user);
        void navigate(paths.main.dashboard.getHref(), { replace: true });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setServerError, fields))
          setFailure(
            isApiError(error) && error.status === 429 ? { text: error.message } : loginErrorKey(error),
          );
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {failure && <Alert tone="error">{typeof failure === 'string' ? t(failure) : failure.text}</Alert>}
      <Input
        ref={inputs.email}
        id="signin-email"
        name="email"
        label={t('auth.signIn.email')}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={errorText(errors.email ? { message: errors.email } : undefined)}
      />
      <Input
        ref={inputs.password}
        id="signin-password"
        name="password"
        label={t('auth.signIn.password')}
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={errorText(errors.password ? { message: errors.password } : undefined)}
        labelAside={
          <TextLink to={paths.forgotPassword.getHref()} className="text-sm">
            {t('auth.signIn.forgotPassword')}
          </TextLink>
        }
      />
      <Button type="submit" fullWidth isLoading={login.isPending}>
        {t('auth.signIn.submit')}
      </Button>
    </form>
  );
}
