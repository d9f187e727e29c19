import { SIGNUP_TAKEN, type User } from '@call-insights/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PageSection } from '../../../components/ui/page-section';
import { useErrorText } from '../../../hooks/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form';
import { updateUserInputSchema, useUpdateUser, type UpdateUserInput } from '../api/update-user';
import { UpdatedDialog } from './updated-dialog';

const FIELDS = ['first_name', 'last_name', 'email', 'username'] as const;

function toFormValues(user: User): UpdateUserInput {
  return { first_name: user.firstname, last_name: user.lastname, email: user.email, username: user.username };
}

export function PersonalInfoForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const updateUser = useUpdateUser();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(updateUserInputSchema),
    values: toFormValues(user),
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) => {
    updateUser.mutate(values, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        // Spec: a failed save is only logged; field errors still show under their fields.
        console.error('Error updating profile', error);
        if (isApiError(error) && error.status === 409) {
          const message = error.message === SIGNUP_TAKEN ? t('auth.signUp.taken') : error.message;
          setError('username', { type: 'server', message }, { shouldFocus: true });
          return;
        }
        applyServerFieldErrors(error, setError, FIELDS);
      },
    });
  });

  return (
    <PageSection
      titleId="personal-information-title"
      title={t('profile.personal.title')}
      description={t('profile.personal.description')}
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby="personal-information-title" className="max-w-2xl">
        <div className="grid grid-cols-1 gap-x-6 gap-y-6 sm:grid-cols-6">
          <Input
            id="profile-first-name"
            className="sm:col-span-3"
            label={t('profile.personal.firstName')}
            autoComplete="given-name"
            required
            error={errorText(errors.first_name)}
            {...register('first_name')}
          />
          <Input
            id="profile-last-name"
            className="sm:col-span-3"
            label={t('profile.personal.lastName')}
            autoComplete="family-name"
            required
            error={errorText(errors.last_name)}
            {...register('last_name')}
          />
          <Input
            id="profile-email"
            className="sm:col-span-6"
            label={t('profile.personal.email')}
            type="email"
            readOnly
            error={errorText(errors.email)}
            {...register('email')}
          />
          <Input
            id="profile-username"
            className="sm:col-span-4"
            label={t('profile.personal.username')}
            autoComplete="username"
            required
            error={errorText(errors.username)}
            {...register('username')}
          />
          <Input
            id="profile-user-id"
            className="sm:col-span-2"
            label={t('profile.personal.userId')}
            value={String(user.id)}
            readOnly
          />
        </div>
        <div className="mt-8 flex">
          <Button type="submit" isLoading={updateUser.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
      <UpdatedDialog open={saved} onClose={() => setSaved(false)} text={t('profile.updated.profileText')} />
    </PageSection>
  );
}
