import { PASSWORD_MIN_LENGTH, SIGNUP_TAKEN } from '@call-insights/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useApiErrorText, useErrorText } from '../../../hooks/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form';
import { saveSignedInAccount } from '../../../lib/storage';
import { signUpInputSchema, useSignUp, type SignUpInput } from '../api/sign-up';

const FIELDS = [
  'firstName',
  'lastName',
  'userName',
  'email',
  'organization',
  'password',
  'confirmPassword',
] as const;

const defaultValues: SignUpInput = {
  firstName: '',
  lastName: '',
  userName: '',
  email: '',
  organization: '',
  password: '',
  confirmPassword: '',
};

export function SignUpForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const apiErrorText = useApiErrorText();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signUpInputSchema), defaultValues });

  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  // Spec: submission is blocked while the two passwords differ.
  const mismatch = confirmPassword !== '' && password !== confirmPassword;

  const onSubmit = handleSubmit((values) => {
    if (mismatch) return;
    setFailure(null);
    signUp.mutate(values, {
      onSuccess: ({ id, accessToken }) => {
        // Signed in at once, so the onboarding (insert key, sync CRM) can call the server.
        saveSignedInAccount({ id, email: values.email, username: values.userName, accessToken });
        void navigate(paths.insertKey.getHref());
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          setFailure(error.message === SIGNUP_TAKEN ? t('auth.signUp.taken') : error.message);
          return;
        }
        if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(apiErrorText(error));
      },
    });
  });

  const confirmError = mismatch ? t('validation.passwordMismatch') : errorText(errors.confirmPassword);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        <Input
          id="signup-first-name"
          label={t('auth.signUp.firstName')}
          autoComplete="given-name"
          required
          error={errorText(errors.firstName)}
          {...register('firstName')}
        />
        <Input
          id="signup-last-name"
          label={t('auth.signUp.lastName')}
          autoComplete="family-name"
          required
          error={errorText(errors.lastName)}
          {...register('lastName')}
        />
      </div>
      <Input
        id="signup-username"
        label={t('auth.signUp.username')}
        autoComplete="username"
        required
        error={errorText(errors.userName)}
        {...register('userName')}
      />
      <Input
        id="signup-email"
        label={t('auth.signUp.email')}
        type="email"
        autoComplete="email"
        required
        error={errorText(errors.email)}
        {...register('email')}
      />
      <Input
        id="signup-organization"
        label={t('auth.signUp.organization')}
        autoComplete="organization"
        required
        error={errorText(errors.organization)}
        {...register('organization')}
      />
      <Input
        id="signup-password"
        label={t('auth.signUp.password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.signUp.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        error={errorText(errors.password)}
        {...register('password')}
      />
      <Input
        id="signup-confirm-password"
        label={t('auth.signUp.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={confirmError}
        {...register('confirmPassword')}
      />
      <Button type="submit" fullWidth isLoading={signUp.isPending} disabled={mismatch}>
        {t('auth.signUp.submit')}
      </Button>
    </form>
  );
}
