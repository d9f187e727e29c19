import type { ManagerUser } from '@call-insights/contracts/manager';
import { MagnifyingGlassIcon, UserPlusIcon } from '@heroicons/react/24/outline';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NoAccess, RoleGate, isForbidden } from '../../../components/role-gate';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/auth';
import { managerUsersQueryOptions } from '../api/manager';
import { useUsersSearch } from '../hooks/use-users-search';
import { InvitationsList } from './invitations-list';
import { InviteDialog } from './invite-dialog';
import { MemberDialog } from './member-dialog';
import { UsersTable } from './users-table';

/**
 * /main/manager/users: the spec's columns, sorted, searched and paged by the server. A row opens the
 * member; admins also invite ("Add user"), revoke invitations, change roles and remove members.
 * For managers and admins; a user gets the "no access" notice and no members are asked for.
 */
export function ManagerUsersPage() {
  const { t } = useTranslation('teams');
  return (
    <RoleGate role="manager" message={t('managerOnly')}>
      <ManagerUsers />
    </RoleGate>
  );
}

function ManagerUsers() {
  const { t } = useTranslation('teams');
  const { data: me } = useCurrentUser();
  const isAdmin = me?.role === 'admin';
  const search = useUsersSearch();
  const list = useQuery(managerUsersQueryOptions(search.query));
  const [inviteOpen, setInviteOpen] = useState(false);
  // "Add user" on the admin locations page links here with ?invite=1.
  const [params, setParams] = useSearchParams();
  const inviteAsked = params.get('invite') === '1';
  const [member, setMember] = useState<ManagerUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const data = list.data;
  const { page, setPage } = search;
  useEffect(() => {
    if (data && data.pageCount > 0 && page > data.pageCount) setPage(data.pageCount);
  }, [data, page, setPage]);

  const from = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  // The role was lowered while the page was open: trying again cannot help.
  if (isForbidden(list.error) && !data) return <NoAccess>{t('managerOnly')}</NoAccess>;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="w-full max-w-sm">
          <label htmlFor="members-search" className="sr-only">
            {t('users.searchLabel')}
          </label>
          <div className="relative">
            <MagnifyingGlassIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400"
            />
            <input
              id="members-search"
              type="search"
              maxLength={100}
              value={search.draft}
              onChange={(event) => search.setDraft(event.target.value)}
              placeholder={t('users.searchPlaceholder')}
              className="block w-full rounded-md bg-white py-1.5 pr-3 pl-10 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 sm:text-sm/6 dark:bg-white/5 dark:text-white dark:outline-white/10"
            />
          </div>
        </div>
        {isAdmin && (
          <Button onClick={() => setInviteOpen(true)}>
            <UserPlusIcon aria-hidden="true" className="size-5" />
            {t('users.addUser')}
          </Button>
        )}
      </div>

      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}

      <div className="mt-6">
        {list.isError && !data ? (
          <Alert tone="error">{t('users.failed')}</Alert>
        ) : !data ? (
          <div className="flex justify-center py-16">
            <Spinner className="size-8 text-indigo-600 dark:text-indigo-400" label={t('users.loading')} />
          </div>
        ) : data.total === 0 ? (
          <p className="py-10 text-center text-sm text-gray-500 dark:text-gray-400">
            {t('users.noMatch', { q: search.q })}
          </p>
        ) : (
          <>
            <UsersTable
              users={data.items}
              sort={search.sort}
              order={search.order}
              onSort={search.sortBy}
              onOpen={setMember}
              busy={list.isPlaceholderData}
            />
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600 dark:text-gray-400">
              <p>{t('users.showing', { from, to, total: data.total })}</p>
              {data.pageCount > 1 && (
                <nav aria-label={t('users.pagination')} className="flex items-center gap-x-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >
                    {t('users.previous')}
                  </Button>
                  <span aria-current="page">
                    {t('users.page', { page: data.page, pageCount: data.pageCount })}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page >= data.pageCount}
                    onClick={() => setPage(page + 1)}
                  >
                    {t('users.next')}
                  </Button>
                </nav>
              )}
            </div>
          </>
        )}
      </div>

      {isAdmin && <InvitationsList onDone={setNotice} />}

      {isAdmin && (
        <InviteDialog
          open={inviteOpen || inviteAsked}
          onClose={() => {
            setInviteOpen(false);
            if (inviteAsked)
              setParams(
                (current) => {
                  current.delete('invite');
                  return current;
                },
                { replace: true },
              );
          }}
          onSent={(email) => setNotice(t('invite.sent', { email }))}
        />
      )}
      <MemberDialog member={member} isAdmin={isAdmin} onClose={() => setMember(null)} onDone={setNotice} />
    </div>
  );
}
