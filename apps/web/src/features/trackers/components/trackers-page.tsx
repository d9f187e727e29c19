import type { Tracker } from '@call-insights/contracts/trackers';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess, hasRole, isForbidden } from '../../../components/role-gate';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { trackersQueryOptions, useDeleteTracker } from '../api/trackers';
import { ReapplyBanner } from './reapply-banner';
import { TrackerFormDialog } from './tracker-form-dialog';
import { trackerDisplayName } from '../../../lib/tracker-names';

type Editing = { tracker: Tracker | null } | null;

/**
 * /main/trackers — the organization's trackers: every member reads them, managers and admins change
 * them (the server refuses the others). Sales reps see them read-only under a notice, with no add,
 * edit or delete buttons; a change refused anyway (the role changed meanwhile) says why.
 */
export function TrackersPage() {
  const { t } = useTranslation('trackers');
  const { data: user, isLoading } = useCurrentUser();
  const canChange = hasRole(user?.role, 'manager');
  const query = useQuery(trackersQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Tracker | null>(null);
  const [changed, setChanged] = useState(false);
  const remove = useDeleteTracker();

  useEffect(() => {
    if (query.error) console.error('Error fetching the trackers', query.error);
  }, [query.error]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setChanged(true);
      },
    });
  };

  if (!user) return isLoading ? <Spinner label={t('page.loading')} /> : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <p className="max-w-3xl text-sm text-gray-600 dark:text-gray-400">{t('page.intro')}</p>
        {canChange && <Button onClick={() => setEditing({ tracker: null })}>{t('page.add')}</Button>}
      </div>
      {!canChange && <NoAccess>{t('page.readOnly')}</NoAccess>}
      {changed && canChange && <ReapplyBanner />}

      {query.isPending ? (
        <Spinner className="size-6 text-indigo-600 dark:text-indigo-400" label={t('page.loading')} />
      ) : query.isError ? (
        <Alert tone="error">{t('page.loadFailed')}</Alert>
      ) : query.data.trackers.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('page.empty')}</p>
      ) : (
        <ul role="list" aria-label={t('page.tableLabel')} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {query.data.trackers.map((tracker) => (
            <li
              key={tracker.id}
              aria-labelledby={`tracker-name-${tracker.id}`}
              className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-gray-200 dark:bg-gray-800/50 dark:ring-white/10"
            >
              {/* The buttons go below the name when both don't fit on one line (French, narrow cards). */}
              <div className="flex flex-wrap items-start justify-between gap-3">
                <h2
                  id={`tracker-name-${tracker.id}`}
                  className="min-w-0 text-base font-semibold break-words text-gray-900 dark:text-white"
                >
                  {trackerDisplayName(tracker, t)}
                  {tracker.builtIn && (
                    <span className="ml-2 rounded-md bg-gray-100 px-1.5 py-0.5 text-xs whitespace-nowrap font-medium text-gray-600 dark:bg-white/10 dark:text-gray-300">
                      {t('page.builtIn')}
                    </span>
                  )}
                </h2>
                {canChange && (
                  <div className="flex shrink-0 gap-x-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('page.editNamed', { name: tracker.name })}
                      onClick={() => setEditing({ tracker })}
                    >
                      {t('page.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('page.deleteNamed', { name: tracker.name })}
                      onClick={() => setDeleting(tracker)}
                    >
                      {t('page.delete')}
                    </Button>
                  </div>
                )}
              </div>
              <dl className="mt-3 space-y-2 text-sm">
                {(['en', 'fr'] as const).map((lang) => (
                  <div key={lang}>
                    <dt className="font-medium text-gray-700 dark:text-gray-300">
                      {t(lang === 'en' ? 'page.english' : 'page.french')}
                    </dt>
                    <dd className="mt-0.5 text-gray-600 dark:text-gray-400">
                      {tracker.phrases[lang].length > 0 ? tracker.phrases[lang].join(', ') : t('page.none')}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <TrackerFormDialog
          open
          tracker={editing.tracker}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setChanged(true);
          }}
        />
      )}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        role="alertdialog"
        tone="error"
        title={t('remove.title')}
        description={t('remove.text', { name: deleting?.name ?? '' })}
        actions={
          <>
            <Button variant="danger" isLoading={remove.isPending} onClick={confirmDelete}>
              {t('remove.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('remove.cancel')}
            </Button>
          </>
        }
      >
        {remove.isError && (
          <Alert tone="error" className="mt-3">
            {isForbidden(remove.error)
              ? t('page.forbidden')
              : isApiError(remove.error)
                ? remove.error.message
                : t('remove.failed')}
          </Alert>
        )}
      </Dialog>
    </div>
  );
}
