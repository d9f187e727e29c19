import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../components/auth-card';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useApiErrorText, useErrorText } from '../../../hooks/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { resetPasswordFormSchema, useResetPassword } from '../api/reset-password';

type Outcome = 'mismatch' | 'success' | 'invalidLink' | null;

/** A 400 is about the password when every field error names it; otherwise the link is bad. */
function isPasswordProblem(error: unknown): boolean {
  return isApiError(error) && error.fields.length > 0 && error.fields.every((f) => f.path === 'password');
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const apiErrorText = useApiErrorText();
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(({ password }) => {
    setFailure(null);
    reset.mutate(
      { password, token },
      {
        onSuccess: () => setOutcome('success'),
        onError: (error) => {
          if (isPasswordProblem(error) && isApiError(error)) {
            for (const field of error.fields)
              setError('password', { type: 'server', message: field.message });
          } else if (isApiError(error) && [400, 404, 410].includes(error.status)) {
            setOutcome('invalidLink');
          } else {
            setFailure(apiErrorText(error));
          }
        },
      },
    );
  });

  // Spec: a mismatch opens the wrong-password dialog before anything else is checked.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const { password, confirmPassword } = getValues();
    if (password !== confirmPassword) {
      event.preventDefault();
      setOutcome('mismatch');
      return;
    }
    void submit(event);
  };

  const goToSignIn = () => void navigate(paths.signIn.getHref(), { replace: true });

  return (
    <AuthCard
      title={t('auth.resetPassword.title')}
      description={t('auth.resetPassword.description')}
      footer={<TextLink to={paths.signIn.getHref()}>{t('auth.forgotPassword.backToSignIn')}</TextLink>}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Input
          id="reset-password"
          label={t('auth.resetPassword.password')}
          type="password"
          autoComplete="new-password"
          required
          error={errorText(errors.password)}
          {...register('password')}
        />
        <Input
          id="reset-confirm-password"
          label={t('auth.resetPassword.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          error={errorText(errors.confirmPassword)}
          {...register('confirmPassword')}
        />
        <Button type="submit" fullWidth isLoading={reset.isPending}>
          {t('auth.resetPassword.submit')}
        </Button>
      </form>

      <Dialog
        open={outcome === 'mismatch'}
        onClose={() => setOutcome(null)}
        tone="error"
        title={t('auth.resetPassword.mismatchTitle')}
        description={t('auth.resetPassword.mismatchText')}
        actions={<Button onClick={() => setOutcome(null)}>{t('common.close')}</Button>}
      />
      <Dialog
        open={outcome === 'success'}
        onClose={goToSignIn}
        tone="success"
        title={t('auth.resetPassword.successTitle')}
        description={t('auth.resetPassword.successText')}
        actions={<Button onClick={goToSignIn}>{t('auth.resetPassword.goToSignIn')}</Button>}
      />
      <Dialog
        open={outcome === 'invalidLink'}
        onClose={() => setOutcome(null)}
        tone="error"
        title={t('auth.resetPassword.invalidTitle')}
        description={t('auth.resetPassword.invalidText')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOutcome(null)}>
              {t('common.close')}
            </Button>
            <Link to={paths.forgotPassword.getHref()} className={buttonClasses()}>
              {t('auth.resetPassword.requestNewLink')}
            </Link>
          </>
        }
      />
    </AuthCard>
  );
}
