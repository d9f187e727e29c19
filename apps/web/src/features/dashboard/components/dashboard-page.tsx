import type { HubAttention, HubCall } from '@call-insights/contracts/manager';
import {
  ArrowDownTrayIcon,
  ArrowPathIcon,
  ChatBubbleLeftRightIcon,
  ExclamationTriangleIcon,
} from '@heroicons/react/24/outline';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { hubQueryOptions } from '../api/get-hub';
import { TalkRatio } from './talk-ratio';

const statusStyles: Record<HubCall['status'], string> = {
  queued: 'bg-gray-50 text-gray-600 ring-gray-500/10 dark:bg-gray-400/10 dark:text-gray-400',
  transcribing: 'bg-blue-50 text-blue-700 ring-blue-700/10 dark:bg-blue-400/10 dark:text-blue-400',
  analyzing: 'bg-indigo-50 text-indigo-700 ring-indigo-700/10 dark:bg-indigo-400/10 dark:text-indigo-400',
  done: 'bg-green-50 text-green-700 ring-green-600/20 dark:bg-green-500/10 dark:text-green-400',
  failed: 'bg-red-50 text-red-700 ring-red-600/10 dark:bg-red-400/10 dark:text-red-400',
};

function Card({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-800/75 dark:ring-white/10',
        className,
      )}
    >
      <h2 id={id} className="text-sm font-medium text-gray-500 dark:text-gray-400">
        {title}
      </h2>
      {children}
    </section>
  );
}

function StatusBadge({ call }: { call: HubCall }) {
  const { t } = useTranslation('teams');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset',
        statusStyles[call.status],
      )}
    >
      {t(`hub.status.${call.status}`)}
    </span>
  );
}

function attentionText(call: HubAttention, t: ReturnType<typeof useTranslation<'teams'>>['t']): string {
  if (call.reason === 'failed')
    return call.error ? t('hub.failed_reason', { reason: call.error }) : t('hub.failedUnknown');
  return t('hub.unanswered', { count: call.objections });
}

type Action = {
  key: 'import' | 'sync' | 'assistant';
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

/** /main/dashboard, "Call Insights Hub": the signed-in user's own week, calls and next steps. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('teams');
  const hub = useQuery(hubQueryOptions());
  const { data: me } = useCurrentUser();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });

  const actions: Action[] = [
    { key: 'import', href: paths.main.recordings.getHref({ openImport: true }), icon: ArrowDownTrayIcon },
    // Syncing a CRM is an admin's work (their locations page); others cannot start one.
    ...(me?.role === 'admin'
      ? [{ key: 'sync' as const, href: paths.main.admin.getHref(), icon: ArrowPathIcon }]
      : []),
    { key: 'assistant', href: paths.main.assistant.getHref(), icon: ChatBubbleLeftRightIcon },
  ];

  const quickActions = (
    <section aria-labelledby="hub-actions" className="mt-8">
      <h2 id="hub-actions" className="text-base font-semibold text-gray-900 dark:text-white">
        {t('hub.actionsTitle')}
      </h2>
      <ul role="list" className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {actions.map((action) => (
          <li key={action.key}>
            <Link
              to={action.href}
              className="flex items-start gap-x-3 rounded-lg p-4 ring-1 ring-gray-900/10 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:ring-white/10 dark:hover:bg-white/5"
            >
              <action.icon
                aria-hidden="true"
                className="size-6 shrink-0 text-indigo-600 dark:text-indigo-400"
              />
              <span>
                <span className="block text-sm font-semibold text-gray-900 dark:text-white">
                  {t(`hub.actions.${action.key}`)}
                </span>
                <span className="block text-sm text-gray-500 dark:text-gray-400">
                  {t(`hub.actions.${action.key}Hint`)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );

  if (hub.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-indigo-600 dark:text-indigo-400" label={t('hub.loading')} />
      </div>
    );
  }
  if (hub.isError) {
    return (
      <>
        <Alert tone="error">{t('hub.failed')}</Alert>
        {quickActions}
      </>
    );
  }

  const { week, results, talkRatio, recent, attention, from } = hub.data;
  const resultKeys = ['appointment', 'followUp', 'notInterested', 'other'] as const;

  return (
    <div>
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-4">
        <Card id="hub-week" title={t('hub.weekTitle')}>
          <dl className="mt-1 grid grid-cols-2 gap-4">
            <div>
              <dt className="text-xs text-gray-500 dark:text-gray-400">{t('hub.calls')}</dt>
              <dd className="text-2xl font-semibold text-gray-900 tabular-nums dark:text-white">
                {week.calls}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-gray-500 dark:text-gray-400">{t('hub.talkTime')}</dt>
              <dd className="text-2xl font-semibold text-gray-900 tabular-nums dark:text-white">
                {t('managerDashboard.duration', {
                  mins: week.mins,
                  secs: String(week.secs).padStart(2, '0'),
                })}
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">
            {t('hub.weekSince', { date: day.format(new Date(`${from}T00:00:00Z`)) })}
          </p>
        </Card>
        <Card id="hub-results" title={t('hub.resultsTitle')}>
          <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-2">
            {resultKeys.map((key) => (
              <div key={key}>
                <dt className="text-xs text-gray-500 dark:text-gray-400">{t(`hub.results.${key}`)}</dt>
                <dd className="text-lg font-semibold text-gray-900 tabular-nums dark:text-white">
                  {results[key]}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card id="hub-ratio" title={t('hub.ratioTitle')} className="md:col-span-2">
          <TalkRatio ratio={talkRatio} />
        </Card>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Card id="hub-recent" title={t('hub.recentTitle')}>
          {recent.length === 0 ? (
            <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{t('hub.recentEmpty')}</p>
          ) : (
            <ul role="list" className="mt-2 divide-y divide-gray-100 dark:divide-white/10">
              {recent.map((call) => (
                <li key={call.id} className="flex items-center justify-between gap-x-3 py-2.5">
                  <div className="min-w-0">
                    <TextLink
                      to={paths.main.callAnalysis.getHref(call.id)}
                      className="block truncate text-sm"
                    >
                      {call.name}
                    </TextLink>
                    <p className="text-xs text-gray-500 dark:text-gray-400">
                      {dateTime.format(new Date(call.createdAt))}
                    </p>
                  </div>
                  <StatusBadge call={call} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card id="hub-attention" title={t('hub.attentionTitle')}>
          {attention.length === 0 ? (
            <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{t('hub.attentionEmpty')}</p>
          ) : (
            <ul role="list" className="mt-2 divide-y divide-gray-100 dark:divide-white/10">
              {attention.map((call) => (
                <li key={call.id} className="flex items-start gap-x-3 py-2.5">
                  <ExclamationTriangleIcon
                    aria-hidden="true"
                    className={cn(
                      'mt-0.5 size-5 shrink-0',
                      call.reason === 'failed' ? 'text-red-500' : 'text-amber-500',
                    )}
                  />
                  <div className="min-w-0">
                    <TextLink
                      to={paths.main.callAnalysis.getHref(call.id)}
                      className="block truncate text-sm"
                    >
                      {call.name}
                    </TextLink>
                    <p className="text-xs text-gray-600 dark:text-gray-400">{attentionText(call, t)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      {quickActions}
    </div>
  );
}
