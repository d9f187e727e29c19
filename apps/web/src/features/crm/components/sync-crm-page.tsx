import { ArrowPathIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { hasValidSession } from '../../../lib/auth';
import { useCrmConnect } from '../hooks/use-crm-connect';
import { UserTypeDialog } from './user-type-dialog';

/** /sync-crm: explains the sync; "Sync CRM" asks Location or Company and goes to the consent page. */
export function SyncCrmPage() {
  const { t } = useTranslation();
  const { t: tCrm } = useTranslation('crm');
  const navigate = useNavigate();
  const connect = useCrmConnect();

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
      {connect.failure && (
        <Alert tone="error" className="mt-4">
          {tCrm('account.syncFailed', { message: connect.failure })}
        </Alert>
      )}
      {connect.needsSignIn && (
        <Alert tone="info" className="mt-4">
          {tCrm('account.signInRequired')}{' '}
          <TextLink to={paths.signIn.getHref()}>{t('crm.insertKey.signInLink')}</TextLink>
        </Alert>
      )}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row-reverse">
        <Tooltip content={tCrm('account.syncTooltip')} placement="top" className="sm:flex-1">
          {(trigger) => (
            <Button onClick={connect.openDialog} className="w-full" {...trigger}>
              <ArrowPathIcon aria-hidden="true" className="-ml-0.5 size-5" />
              {t('crm.syncCrm.submit')}
            </Button>
          )}
        </Tooltip>
        <Button
          variant="secondary"
          onClick={() =>
            void navigate(hasValidSession() ? paths.main.dashboard.getHref() : paths.signIn.getHref())
          }
          className="sm:flex-1"
        >
          {t('common.nextStep')}
        </Button>
      </div>
      <UserTypeDialog
        open={connect.dialogOpen}
        onClose={connect.closeDialog}
        onSync={connect.sync}
        isSyncing={connect.isSyncing}
        providerLabel={connect.providerLabel}
      />
    </AuthCard>
  );
}
