import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useErrorText } from '../../../hooks/use-error-text';
import { currentUserQueryOptions } from '../../../lib/auth';
import { applyServerFieldErrors } from '../../../lib/form';
import { saveSignedInAccount } from '../../../lib/storage';
import { loginErrorKey, loginInputSchema, useLogin, type LoginErrorKey } from '../api/login';

export function SignInForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [failure, setFailure] = useState<LoginErrorKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginInputSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
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
        if (!applyServerFieldErrors(error, setError, ['email', 'password'])) setFailure(loginErrorKey(error));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {failure && <Alert tone="error">{t(failure)}</Alert>}
      <Input
        id="signin-email"
        label={t('auth.signIn.email')}
        type="email"
        autoComplete="email"
        required
        error={errorText(errors.email)}
        {...register('email')}
      />
      <Input
        id="signin-password"
        label={t('auth.signIn.password')}
        type="password"
        autoComplete="current-password"
        required
        error={errorText(errors.password)}
        labelAside={
          <TextLink to={paths.forgotPassword.getHref()} className="text-sm">
            {t('auth.signIn.forgotPassword')}
          </TextLink>
        }
        {...register('password')}
      />
      <Button type="submit" fullWidth isLoading={login.isPending}>
        {t('auth.signIn.submit')}
      </Button>
    </form>
  );
}
