import { ArrowPathIcon, UserPlusIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { adminLocationsQueryOptions } from '../api/locations';
import { useSyncFlow } from '../hooks/use-sync-flow';
import { AdminOnly } from './admin-only';
import { SyncProgressDialog, SyncRangeDialog } from './sync-dialogs';

/** "Add user" opens the invitation dialog of the team page (admins invite there, with locations). */
const addUserHref = `${paths.main.managerUsers.getHref()}?invite=1`;

/** Admin locations (spec 1 and 2): one row per name (Edit, View, Sync Calls), sync by exact name, Add user. */
export function AdminLocationsPage() {
  return (
    <AdminOnly>
      <AdminLocations />
    </AdminOnly>
  );
}

function AdminLocations() {
  const { t } = useTranslation('crm');
  const locations = useQuery(adminLocationsQueryOptions());
  const rows = locations.data ?? [];
  const flow = useSyncFlow(rows);
  const [name, setName] = useState('');

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <form
          aria-label={t('locations.nameForm')}
          className="flex w-full max-w-xl items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() !== '' && locations.data) flow.syncByName(name.trim());
          }}
        >
          <Input
            id="location-name"
            className="flex-1"
            label={t('locations.locationName')}
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" disabled={name.trim() === '' || !locations.data}>
            <ArrowPathIcon aria-hidden="true" className="-ml-0.5 size-5" />
            {t('sync.syncCalls')}
          </Button>
        </form>
        <Tooltip content={t('locations.addUserHint')}>
          {(trigger) => (
            <Link to={addUserHref} className={buttonClasses({ variant: 'secondary' })} {...trigger}>
              <UserPlusIcon aria-hidden="true" className="-ml-0.5 size-5" />
              {t('locations.addUser')}
            </Link>
          )}
        </Tooltip>
      </div>

      {locations.isLoading && <Spinner label={t('loading')} />}
      {locations.isError && <Alert tone="error">{t('locations.loadFailed')}</Alert>}
      {locations.data && rows.length === 0 && (
        <p className="text-sm/6 text-gray-600 dark:text-gray-400">
          {t('locations.empty')}{' '}
          <Link
            className="font-semibold text-indigo-600 dark:text-indigo-400"
            to={paths.main.account.getHref()}
          >
            {t('locations.connect')}
          </Link>
        </p>
      )}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-white/10">
            <caption className="sr-only">{t('locations.caption')}</caption>
            <thead>
              <tr className="text-left font-semibold text-gray-900 dark:text-white">
                <th scope="col" className="py-3 pr-3">
                  {t('locations.columns.location')}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t('locations.columns.edit')}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t('locations.columns.view')}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t('locations.columns.sync')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 text-gray-600 dark:divide-white/5 dark:text-gray-400">
              {rows.map((location) => (
                <tr key={location.id}>
                  <th scope="row" className="py-3 pr-3 text-left font-medium text-gray-900 dark:text-white">
                    {location.name}
                  </th>
                  <td className="px-3 py-3">
                    <Link
                      className="font-semibold text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
                      to={paths.main.locationEdit.getHref(location.id)}
                    >
                      {t('locations.edit')}
                    </Link>
                  </td>
                  <td className="px-3 py-3">
                    <Link
                      className="font-semibold text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
                      to={paths.main.locationUsers.getHref(location.id)}
                    >
                      {t('locations.view')}
                    </Link>
                  </td>
                  <td className="px-3 py-3">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => flow.chooseRange({ id: location.id, name: location.name })}
                    >
                      {t('sync.syncCalls')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <SyncRangeDialog target={flow.rangeTarget} onClose={flow.close} onSync={flow.startSync} />
      <SyncProgressDialog
        open={flow.progress !== null}
        name={flow.progress?.name ?? ''}
        run={flow.progress?.run}
        failure={flow.progress?.failure ?? null}
        refusal={flow.progress?.refusal ?? null}
        pollFailed={flow.progress?.pollFailed ?? false}
        onClose={flow.close}
      />
    </div>
  );
}
