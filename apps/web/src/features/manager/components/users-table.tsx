import type { ManagerUser } from '@call-insights/contracts/manager';
import { ChevronDownIcon, ChevronUpDownIcon, ChevronUpIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { roleName, userTypeName } from '../../../lib/role-names';
import type { UsersSort } from '../hooks/use-users-search';
import { minutesSeconds } from './format';

const COLUMNS: readonly UsersSort[] = [
  'username',
  'email',
  'firstname',
  'lastname',
  'role',
  'recordings',
  'duration',
  'user_type',
];
const NUMERIC: ReadonlySet<UsersSort> = new Set(['recordings', 'duration']);

type UsersTableProps = {
  users: ManagerUser[];
  sort: UsersSort;
  order: 'asc' | 'desc';
  onSort: (column: UsersSort) => void;
  onOpen: (user: ManagerUser) => void;
  busy: boolean;
};

/** A cell's text; role and user type named in the reader's language (the role upper-cased, as the spec shows it). */
function cellText(user: ManagerUser, column: UsersSort, names: { role: string; userType: string }): string {
  switch (column) {
    case 'role':
      return names.role;
    case 'user_type':
      return names.userType;
    case 'recordings':
      return String(user.recordings);
    case 'duration':
      return minutesSeconds(user.userMinTime, user.userSecTime);
    default:
      return user[column];
  }
}

/** The spec's columns; each header sorts on the server; a row opens the member. */
export function UsersTable({ users, sort, order, onSort, onOpen, busy }: UsersTableProps) {
  const { t, i18n } = useTranslation('teams');
  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-gray-900/5 dark:ring-white/10">
      <table
        aria-busy={busy || undefined}
        className={cn(
          'min-w-full divide-y divide-gray-300 transition-opacity dark:divide-white/15',
          busy && 'opacity-60',
        )}
      >
        <caption className="sr-only">{t('users.caption')}</caption>
        <thead className="bg-gray-50 dark:bg-white/5">
          <tr>
            {COLUMNS.map((column) => {
              const active = column === sort;
              const Icon = !active ? ChevronUpDownIcon : order === 'asc' ? ChevronUpIcon : ChevronDownIcon;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cn(
                    'px-3 py-3.5 text-left text-sm font-semibold whitespace-nowrap text-gray-900 dark:text-white',
                    NUMERIC.has(column) && 'text-right',
                  )}
                >
                  <button
                    type="button"
                    onClick={() => onSort(column)}
                    aria-label={t('users.sortBy', { column: t(`users.columns.${column}`) })}
                    className="group inline-flex items-center gap-x-1 rounded focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {t(`users.columns.${column}`)}
                    <Icon
                      aria-hidden="true"
                      className={cn('size-5', active ? 'text-gray-900 dark:text-white' : 'text-gray-400')}
                    />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 bg-white dark:divide-white/10 dark:bg-gray-900">
          {users.map((user) => (
            <tr
              key={user.id}
              onClick={() => onOpen(user)}
              className="cursor-pointer hover:bg-gray-50 dark:hover:bg-white/5"
            >
              {COLUMNS.map((column) => (
                <td
                  key={column}
                  className={cn(
                    'px-3 py-3 text-sm whitespace-nowrap text-gray-700 dark:text-gray-300',
                    NUMERIC.has(column) && 'text-right tabular-nums',
                  )}
                >
                  {column === 'username' ? (
                    // The keyboard's way into the row: the same action as a click anywhere on it.
                    <button
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(user);
                      }}
                      aria-label={t('users.openMember', { name: user.username })}
                      className="font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400"
                    >
                      {user.username}
                    </button>
                  ) : (
                    cellText(user, column, {
                      role: roleName(user.role, t).toLocaleUpperCase(i18n.language),
                      userType: userTypeName(user.user_type, t),
                    })
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
