import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { roleName } from '../../../lib/role-names';
import { locationQueryOptions } from '../api/locations';
import { parseLocationId } from '../utils/location-id';
import { AdminOnly } from './admin-only';
import { BackToLocations } from './back-link';

/** The users of one location: "{name} - User list", Back, and the spec's five columns. */
export function LocationUsersPage() {
  return (
    <AdminOnly>
      <LocationUsers />
    </AdminOnly>
  );
}

function LocationUsers() {
  const { t } = useTranslation('crm');
  const { t: tTeams } = useTranslation('teams');
  const id = parseLocationId(useParams().id);
  const location = useQuery({ ...locationQueryOptions(id ?? 0), enabled: id !== null });
  const title = location.data ? t('users.title', { name: location.data.name }) : undefined;
  useDocumentTitle(title);

  return (
    <div className="space-y-6">
      <BackToLocations />
      {location.isLoading && <Spinner label={t('loading')} />}
      {(id === null || location.isError) && <Alert tone="error">{t('users.loadFailed')}</Alert>}
      {location.data && (
        <section aria-labelledby="location-users-title" className="space-y-4">
          <h2 id="location-users-title" className="text-base/7 font-semibold text-gray-900 dark:text-white">
            {title}
          </h2>
          {location.data.users.length === 0 ? (
            <p className="text-sm/6 text-gray-600 dark:text-gray-400">{t('users.empty')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-white/10">
                <thead>
                  <tr className="text-left font-semibold text-gray-900 dark:text-white">
                    <th scope="col" className="py-3 pr-3">
                      {t('users.firstName')}
                    </th>
                    <th scope="col" className="px-3 py-3">
                      {t('users.lastName')}
                    </th>
                    <th scope="col" className="px-3 py-3">
                      {t('users.username')}
                    </th>
                    <th scope="col" className="px-3 py-3">
                      {t('users.email')}
                    </th>
                    <th scope="col" className="px-3 py-3">
                      {t('users.role')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100 text-gray-600 dark:divide-white/5 dark:text-gray-400">
                  {location.data.users.map((user) => (
                    <tr key={user.id}>
                      <td className="py-3 pr-3 text-gray-900 dark:text-white">{user.firstname}</td>
                      <td className="px-3 py-3">{user.lastname}</td>
                      <td className="px-3 py-3">{user.username}</td>
                      <td className="px-3 py-3">{user.email}</td>
                      <td className="px-3 py-3">{roleName(user.users_locations.role, tTeams)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
