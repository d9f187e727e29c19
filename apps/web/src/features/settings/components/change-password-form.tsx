import type { User } from '@call-insights/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PageSection } from '../../../components/ui/page-section';
import { useErrorText } from '../../../hooks/use-error-text';
import { applyServerFieldErrors } from '../../../lib/form';
import { changePasswordFormSchema, useChangePassword } from '../api/change-password';
import { UpdatedDialog } from './updated-dialog';

export function ChangePasswordForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const changePassword = useChangePassword();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const mismatch = confirmPassword !== '' && password !== confirmPassword;

  const onSubmit = handleSubmit((values) => {
    changePassword.mutate(
      { email: user.email, currentPassword: values.currentPassword, password: values.password },
      {
        onSuccess: () => {
          reset();
          setSaved(true);
        },
        onError: (error) => {
          // Spec: a failed password change is only logged; field errors still show.
          console.error('Error changing password', error);
          applyServerFieldErrors(error, setError, ['currentPassword', 'password']);
        },
      },
    );
  });

  return (
    <PageSection
      titleId="change-password-title"
      title={t('profile.password.title')}
      description={t('profile.password.description')}
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title" className="max-w-2xl">
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <div className="grid grid-cols-1 gap-x-6 gap-y-6 sm:grid-cols-6">
          <Input
            id="profile-current-password"
            className="sm:col-span-4"
            label={t('profile.password.currentPassword')}
            type="password"
            autoComplete="current-password"
            required
            error={errorText(errors.currentPassword)}
            {...register('currentPassword')}
          />
          <Input
            id="profile-new-password"
            className="sm:col-span-4"
            label={t('profile.password.newPassword')}
            type="password"
            autoComplete="new-password"
            required
            error={errorText(errors.password)}
            {...register('password')}
          />
          <Input
            id="profile-confirm-password"
            className="sm:col-span-4"
            label={t('profile.password.confirmPassword')}
            type="password"
            autoComplete="new-password"
            required
            error={mismatch ? t('validation.passwordMismatch') : errorText(errors.confirmPassword)}
            {...register('confirmPassword')}
          />
        </div>
        <div className="mt-8 flex">
          <Button type="submit" isLoading={changePassword.isPending} disabled={mismatch}>
            {t('common.save')}
          </Button>
        </div>
      </form>
      <UpdatedDialog open={saved} onClose={() => setSaved(false)} text={t('profile.updated.passwordText')} />
    </PageSection>
  );
}
