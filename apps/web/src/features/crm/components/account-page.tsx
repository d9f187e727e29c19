import { ArrowPathIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSection } from '../../../components/ui/page-section';
import { Spinner } from '../../../components/ui/spinner';
import { Tooltip } from '../../../components/ui/tooltip';
import { useCurrentUser } from '../../../lib/auth';
import { crmAccountsQueryOptions, useSetActiveSync } from '../api/crm-accounts';
import { useCrmConnect } from '../hooks/use-crm-connect';
import { UserTypeDialog } from './user-type-dialog';

/**
 * Account settings (spec 1): "Sync CRM" (tooltip, then the user-type dialog and the consent page)
 * and the organization's CRM accounts: Source, Account name and the Active sync switch.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { t: tCrm } = useTranslation('crm');
  const { data: user } = useCurrentUser();
  const accounts = useQuery(crmAccountsQueryOptions());
  const setActive = useSetActiveSync();
  const connect = useCrmConnect();
  const isAdmin = user?.role === 'admin';

  return (
    <PageSection
      titleId="crm-accounts-title"
      title={t('account.crm.title')}
      description={t('account.crm.description')}
    >
      <div className="space-y-6">
        <div className="flex justify-end">
          <Tooltip content={tCrm('account.syncTooltip')}>
            {(trigger) => (
              <Button onClick={connect.openDialog} {...trigger}>
                <ArrowPathIcon aria-hidden="true" className="-ml-0.5 size-5" />
                {tCrm('account.syncCrm')}
              </Button>
            )}
          </Tooltip>
        </div>
        {connect.failure && (
          <Alert tone="error">{tCrm('account.syncFailed', { message: connect.failure })}</Alert>
        )}
        {setActive.isError && <Alert tone="error">{tCrm('account.toggleFailed')}</Alert>}
        {accounts.isLoading && <Spinner label={t('common.loading')} />}
        {accounts.isError && <Alert tone="error">{t('account.crm.loadFailed')}</Alert>}
        {accounts.data && accounts.data.locations.length === 0 && (
          <p className="text-sm/6 text-gray-600 dark:text-gray-400">{t('account.crm.empty')}</p>
        )}
        {accounts.data && accounts.data.locations.length > 0 && (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-white/10">
              <caption className="sr-only">{t('account.crm.title')}</caption>
              <thead>
                <tr className="text-left font-semibold text-gray-900 dark:text-white">
                  <th scope="col" className="py-2 pr-3">
                    {t('account.crm.source')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('account.crm.name')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('account.crm.activeSync')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 text-gray-600 dark:divide-white/5 dark:text-gray-400">
                {accounts.data.locations.map((location) => (
                  <tr key={location.id}>
                    <td className="py-2 pr-3">{location.source}</td>
                    <td className="px-3 py-2 text-gray-900 dark:text-white">
                      {location.name}
                      {location.needs_reconnect && (
                        <span className="ml-2 text-xs text-amber-700 dark:text-amber-400">
                          {t('account.crm.reconnect')}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        role="switch"
                        aria-label={t('account.crm.activeSyncFor', { name: location.name })}
                        className="size-4 rounded border-gray-300 accent-indigo-600"
                        checked={location.active}
                        // The server lets admins change it; others see the state.
                        disabled={!isAdmin || setActive.isPending}
                        onChange={(event) =>
                          setActive.mutate(
                            { id: location.id, status: event.target.checked },
                            // Spec: a failed toggle is only logged (the page also says so).
                            { onError: (error) => console.error('Error changing active sync', error) },
                          )
                        }
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <UserTypeDialog
        key={user?.user_type ?? 'unknown'}
        open={connect.dialogOpen}
        onClose={connect.closeDialog}
        onSync={connect.sync}
        isSyncing={connect.isSyncing}
        initialType={user?.user_type}
        providerLabel={connect.providerLabel}
      />
    </PageSection>
  );
}
