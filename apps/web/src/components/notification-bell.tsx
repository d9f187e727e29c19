import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { BellIcon } from '@heroicons/react/24/outline';
import type { Notification } from '@call-insights/contracts/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { cn } from '../lib/cn';
import { useMarkNotificationsRead, useNotifications } from '../lib/notifications';
import { roleName } from '../lib/role-names';

const bellClasses =
  'relative -m-2.5 rounded-md p-2.5 text-gray-400 hover:text-gray-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-white';

/** The bell without data: what the header shows while the bell's texts load. */
export function BellPlaceholder({ label }: { label: string }) {
  return (
    <button type="button" aria-label={label} className={bellClasses}>
      <BellIcon aria-hidden="true" className="size-6" />
    </button>
  );
}

function linkOf(notification: Notification): string | undefined {
  const link = notification.link;
  if (!link) return undefined;
  if (link.type === 'recording' && link.id !== null) return paths.main.callAnalysis.getHref(link.id);
  if (link.type === 'member') return paths.main.managerUsers.getHref();
  if (link.type === 'crm')
    return link.id !== null ? paths.main.locationUsers.getHref(link.id) : paths.main.admin.getHref();
  return undefined;
}

/** The CRM sync's error kinds, said in the sync dialog's words (`crm` namespace). */
const syncErrorKinds = [
  'AccessToken',
  'MaxCallAllreadyExcided',
  'MaxCallExcided',
  'LocationNotFound',
] as const;

function useSentence() {
  const { t } = useTranslation(['teams', 'crm']);
  return (notification: Notification): string => {
    const p = notification.params;
    const text = (key: string) => {
      const value = p[key];
      return value === null || value === undefined ? '' : String(value);
    };
    switch (notification.kind) {
      case 'call_analysed': {
        const result = text('result');
        const known = ['appointment', 'follow_up', 'not_interested', 'other'] as const;
        const match = known.find((candidate) => candidate === result);
        return match
          ? t('notifications.kinds.call_analysed_result', {
              name: text('name'),
              result: t(`notifications.results.${match}`),
            })
          : t('notifications.kinds.call_analysed', { name: text('name') });
      }
      case 'call_failed':
        return t('notifications.kinds.call_failed', { name: text('name'), reason: text('reason') });
      case 'invitation_accepted': {
        return t('notifications.kinds.invitation_accepted', {
          name: text('name'),
          email: text('email'),
          role: roleName(text('role'), t),
        });
      }
      case 'crm_sync_finished':
        return t('notifications.kinds.crm_sync_finished', {
          location: text('location'),
          imported: text('imported'),
          skipped: text('skipped'),
          failed: text('failed'),
        });
      case 'crm_sync_failed': {
        const kind = syncErrorKinds.find((candidate) => candidate === text('reason')) ?? 'Unknown';
        return t('notifications.kinds.crm_sync_failed', {
          location: text('location'),
          reason: t(`crm:sync.error.${kind}`),
        });
      }
    }
  };
}

/**
 * The header bell: my notifications, newest first, with the unread count on the button; opening
 * one marks it read and goes to its object. Delivered live (see lib/notifications.ts).
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('teams');
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const sentence = useSentence();
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={
          unread > 0 ? t('notifications.openWithUnread', { count: unread }) : t('notifications.open')
        }
        className={bellClasses}
      >
        <BellIcon aria-hidden="true" className="size-6" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notifications-unread"
            className="absolute top-1 right-1 flex min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px]/4 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        transition
        anchor="bottom end"
        aria-label={t('notifications.title')}
        className="z-50 mt-2 w-[22rem] max-w-[calc(100vw-2rem)] rounded-lg bg-white shadow-lg ring-1 ring-gray-900/5 transition data-closed:scale-95 data-closed:opacity-0 dark:bg-gray-800 dark:ring-white/10"
      >
        {({ close }) => (
          <div>
            <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3 dark:border-white/10">
              <h2 className="text-sm font-semibold text-gray-900 dark:text-white">
                {t('notifications.title')}
              </h2>
              {unread > 0 && (
                <button
                  type="button"
                  onClick={() => markRead.mutate({ all: true })}
                  className="text-xs font-semibold text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
                >
                  {t('notifications.markAll')}
                </button>
              )}
            </div>
            {notifications.isPending ? (
              <p className="px-4 py-6 text-center text-sm text-gray-500">{t('notifications.loading')}</p>
            ) : notifications.isError && items.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-gray-500">{t('notifications.failed')}</p>
            ) : items.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-gray-500 dark:text-gray-400">
                {t('notifications.empty')}
              </p>
            ) : (
              <ul
                role="list"
                className="max-h-96 divide-y divide-gray-100 overflow-y-auto dark:divide-white/10"
              >
                {items.map((item) => {
                  const href = linkOf(item);
                  const text = sentence(item);
                  const open = () => {
                    if (!item.read) markRead.mutate({ ids: [item.id] });
                    close();
                  };
                  return (
                    <li
                      key={item.id}
                      className={cn(
                        'flex gap-x-3 px-4 py-3',
                        !item.read && 'bg-indigo-50/60 dark:bg-indigo-500/10',
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          'mt-1.5 size-2 shrink-0 rounded-full',
                          item.read ? 'bg-transparent' : 'bg-indigo-600',
                        )}
                      />
                      <div className="min-w-0 flex-1">
                        {!item.read && <span className="sr-only">{t('notifications.unread')}: </span>}
                        {href ? (
                          <Link
                            to={href}
                            onClick={open}
                            className="text-sm text-gray-900 hover:text-indigo-600 dark:text-white dark:hover:text-indigo-300"
                          >
                            {text}
                          </Link>
                        ) : (
                          <p className="text-sm text-gray-900 dark:text-white">{text}</p>
                        )}
                        <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
                          {time.format(new Date(item.createdAt))}
                        </p>
                      </div>
                      {!item.read && (
                        <button
                          type="button"
                          onClick={() => markRead.mutate({ ids: [item.id] })}
                          className="shrink-0 self-start text-xs font-medium text-gray-500 hover:text-indigo-600 dark:text-gray-400"
                        >
                          {t('notifications.markRead')}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </PopoverPanel>
    </Popover>
  );
}
