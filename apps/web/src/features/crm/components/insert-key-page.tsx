import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../components/auth-card';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useApiErrorText, useErrorText } from '../../../hooks/use-error-text';
import { hasValidSession } from '../../../lib/auth';
import { applyServerFieldErrors } from '../../../lib/form';
import { getStoredUserId } from '../../../lib/storage';
import { agencyKeyFormSchema, buildAgencyKeyRequest, useSaveAgencyKey } from '../api/agency-key';

export function InsertKeyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const apiErrorText = useApiErrorText();
  const saveKey = useSaveAgencyKey();
  const userId = getStoredUserId();
  const signedIn = hasValidSession() && userId !== null;
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(agencyKeyFormSchema), defaultValues: { key: '' } });
  const key = useWatch({ control, name: 'key' });

  const onSubmit = handleSubmit((values) => {
    if (!signedIn || userId === null) return;
    saveKey.mutate(buildAgencyKeyRequest(userId, values.key), {
      onSuccess: () => reset({ key: '' }),
      onError: (error) => applyServerFieldErrors(error, setError, ['key']),
    });
  });

  return (
    <AuthCard title={t('crm.insertKey.title')} description={t('crm.insertKey.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {!signedIn && (
          <Alert tone="info">
            {t('crm.insertKey.signInRequired')}{' '}
            <TextLink to={paths.signIn.getHref()}>{t('crm.insertKey.signInLink')}</TextLink>
          </Alert>
        )}
        {saveKey.isSuccess && <Alert tone="success">{t('crm.insertKey.saved')}</Alert>}
        {saveKey.isError && !errors.key && <Alert tone="error">{apiErrorText(saveKey.error)}</Alert>}
        <Input
          id="agency-key"
          label={t('crm.insertKey.key')}
          autoComplete="off"
          spellCheck={false}
          error={errorText(errors.key)}
          {...register('key')}
        />
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button
            type="submit"
            className="sm:flex-1"
            disabled={key.trim() === '' || !signedIn}
            isLoading={saveKey.isPending}
          >
            {t('crm.insertKey.submit')}
          </Button>
          <Button
            variant="secondary"
            className="sm:flex-1"
            onClick={() => void navigate(paths.syncCrm.getHref())}
          >
            {t('common.nextStep')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
