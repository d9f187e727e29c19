import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../components/auth-card';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useApiErrorText, useErrorText } from '../../../hooks/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form';
import { forgotPasswordInputSchema, useForgotPassword } from '../api/forgot-password';

type Result = 'success' | 'wrongEmail' | null;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const apiErrorText = useApiErrorText();
  const forgot = useForgotPassword();
  const [result, setResult] = useState<Result>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordInputSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    forgot.mutate(values, {
      onSuccess: () => setResult('success'),
      onError: (error) => {
        if (isApiError(error) && error.status === 404) setResult('wrongEmail');
        else if (!applyServerFieldErrors(error, setError, ['email'])) setFailure(apiErrorText(error));
      },
    });
  });

  const close = () => setResult(null);

  return (
    <AuthCard
      title={t('auth.forgotPassword.title')}
      description={t('auth.forgotPassword.description')}
      footer={<TextLink to={paths.signIn.getHref()}>{t('auth.forgotPassword.backToSignIn')}</TextLink>}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Input
          id="forgot-email"
          label={t('auth.forgotPassword.email')}
          type="email"
          autoComplete="email"
          required
          error={errorText(errors.email)}
          {...register('email')}
        />
        <Button type="submit" fullWidth isLoading={forgot.isPending}>
          {t('auth.forgotPassword.submit')}
        </Button>
      </form>

      <Dialog
        open={result === 'success'}
        onClose={close}
        tone="success"
        title={t('auth.forgotPassword.successTitle')}
        description={t('auth.forgotPassword.successText')}
        actions={<Button onClick={close}>{t('common.close')}</Button>}
      />
      <Dialog
        open={result === 'wrongEmail'}
        onClose={close}
        tone="error"
        title={t('auth.forgotPassword.wrongEmailTitle')}
        description={t('auth.forgotPassword.wrongEmailText')}
        actions={<Button onClick={close}>{t('common.close')}</Button>}
      />
    </AuthCard>
  );
}
