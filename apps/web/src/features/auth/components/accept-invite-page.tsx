import { PASSWORD_MIN_LENGTH } from '@call-insights/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useApiErrorText, useErrorText } from '../../../hooks/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/auth';
import { applyServerFieldErrors } from '../../../lib/form';
import { saveSignedInAccount } from '../../../lib/storage';
import {
  acceptInviteFormSchema,
  invitationPreviewQueryOptions,
  useAcceptInvite,
  type AcceptInviteForm,
} from '../api/accept-invite';

const FIELDS = ['firstName', 'lastName', 'userName', 'password', 'confirmPassword'] as const;
const defaultValues: AcceptInviteForm = {
  firstName: '',
  lastName: '',
  userName: '',
  password: '',
  confirmPassword: '',
};

/** The server's own words for a link that no longer works (unknown, revoked, used, expired). */
function useRefusalText() {
  const apiErrorText = useApiErrorText();
  return (error: unknown) =>
    isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429
      ? error.message
      : apiErrorText(error);
}

/**
 * /accept-invite/:token (public): the invitee sets names, username and password, is signed in and
 * lands on the dashboard. An expired, revoked or used link shows the server's message.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation('teams');
  const { t: tShell } = useTranslation();
  const { token = '' } = useParams();
  const preview = useQuery(invitationPreviewQueryOptions(token));
  const refusalText = useRefusalText();

  let body;
  if (preview.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner className="size-6 text-indigo-600" label={t('accept.checking')} />
      </div>
    );
  } else if (preview.isError) {
    body = (
      <div className="space-y-6">
        <Alert tone="error">{refusalText(preview.error)}</Alert>
        <TextLink to={paths.signIn.getHref()}>{t('accept.signIn')}</TextLink>
      </div>
    );
  } else {
    const { organization, role, invitedBy, email } = preview.data;
    const roleName = t(`roles.${role}`);
    body = (
      <>
        <p className="mb-6 text-sm text-gray-600 dark:text-gray-300">
          {invitedBy
            ? t('accept.intro', { inviter: invitedBy, organization, role: roleName })
            : t('accept.introNoInviter', { organization, role: roleName })}
        </p>
        <AcceptInviteForm token={token} email={email} />
      </>
    );
  }

  return (
    <AuthCard
      title={t('accept.title')}
      footer={
        <>
          {t('accept.alreadyMember')}{' '}
          <TextLink to={paths.signIn.getHref()}>{tShell('auth.signUp.signIn')}</TextLink>
        </>
      }
    >
      {body}
    </AuthCard>
  );
}

function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('teams');
  const { t: tShell } = useTranslation();
  const errorText = useErrorText();
  const refusalText = useRefusalText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvite();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(acceptInviteFormSchema), defaultValues });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const mismatch = confirmPassword !== '' && password !== confirmPassword;

  const onSubmit = handleSubmit((values) => {
    if (mismatch) return;
    setFailure(null);
    accept.mutate(
      { ...values, token },
      {
        onSuccess: (response) => {
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
          if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(refusalText(error));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Input id="accept-email" label={t('accept.email')} type="email" value={email} readOnly />
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        <Input
          id="accept-first-name"
          label={t('accept.firstName')}
          autoComplete="given-name"
          required
          error={errorText(errors.firstName)}
          {...register('firstName')}
        />
        <Input
          id="accept-last-name"
          label={t('accept.lastName')}
          autoComplete="family-name"
          required
          error={errorText(errors.lastName)}
          {...register('lastName')}
        />
      </div>
      <Input
        id="accept-username"
        label={t('accept.username')}
        autoComplete="username"
        required
        error={errorText(errors.userName)}
        {...register('userName')}
      />
      <Input
        id="accept-password"
        label={t('accept.password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('accept.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        error={errorText(errors.password)}
        {...register('password')}
      />
      <Input
        id="accept-confirm-password"
        label={t('accept.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? tShell('validation.passwordMismatch') : errorText(errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      <Button type="submit" fullWidth isLoading={accept.isPending}>
        {t('accept.submit')}
      </Button>
    </form>
  );
}
