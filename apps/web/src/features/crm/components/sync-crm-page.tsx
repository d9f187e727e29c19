import type { UserType } from '@call-insights/contracts/users';
import { ArrowPathIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { AuthCard } from '../../../components/auth-card';
import { Button } from '../../../components/ui/button';
import { hasValidSession } from '../../../lib/auth';
import { getStoredUserId } from '../../../lib/storage';
import { useUpdateUserType } from '../api/user-type';
import { UserTypeDialog } from './user-type-dialog';

export function SyncCrmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateUserType = useUpdateUserType();
  const [dialogOpen, setDialogOpen] = useState(false);

  const onSync = (userType: UserType) => {
    const userId = getStoredUserId();
    if (!hasValidSession() || userId === null) {
      setDialogOpen(false);
      return;
    }
    updateUserType.mutate(
      { user_type: userType, user_id: userId },
      {
        // Spec: CRM sync failures are only logged.
        onError: (error) => console.error('Error saving user type', error),
        onSettled: () => setDialogOpen(false),
      },
    );
  };

  return (
    <AuthCard title={t('crm.syncCrm.title')} description={t('crm.syncCrm.description')}>
      <ul role="list" className="space-y-3 text-sm/6 text-gray-600 dark:text-gray-300">
        <li className="flex gap-x-3">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-indigo-500" />
          {t('crm.syncCrm.location')}
        </li>
        <li className="flex gap-x-3">
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-indigo-500" />
          {t('crm.syncCrm.company')}
        </li>
      </ul>
      <p className="mt-4 text-sm/6 text-gray-500 dark:text-gray-400">{t('crm.syncCrm.consent')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row-reverse">
        <Button onClick={() => setDialogOpen(true)} className="sm:flex-1">
          <ArrowPathIcon aria-hidden="true" className="-ml-0.5 size-5" />
          {t('crm.syncCrm.submit')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void navigate(paths.signIn.getHref())}
          className="sm:flex-1"
        >
          {t('common.nextStep')}
        </Button>
      </div>
      <UserTypeDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onSync={onSync}
        isSyncing={updateUserType.isPending}
      />
    </AuthCard>
  );
}
