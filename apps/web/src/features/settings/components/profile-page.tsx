import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/auth';
import { ChangePasswordForm } from './change-password-form';
import { PersonalInfoForm } from './personal-info-form';

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user, isLoading } = useCurrentUser();

  if (!user) {
    return isLoading ? (
      <div className="flex justify-center py-16">
        <Spinner className="size-6 text-indigo-600 dark:text-indigo-400" label={t('common.loading')} />
      </div>
    ) : (
      <Alert tone="error">{t('profile.loadFailed')}</Alert>
    );
  }

  return (
    <div className="divide-y divide-gray-200 dark:divide-white/10">
      <PersonalInfoForm user={user} />
      <ChangePasswordForm user={user} />
    </div>
  );
}
