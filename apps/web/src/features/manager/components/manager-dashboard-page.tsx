import { SummaryDuration } from '@call-insights/contracts/manager';
import { ChartBarIcon } from '@heroicons/react/24/outline';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NoAccess, RoleGate, isForbidden } from '../../../components/role-gate';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { summaryQueryOptions, totalsQueryOptions } from '../api/manager';
import { ContentPie, RecordingsLine } from './dashboard-charts';
import { RangeTabs } from './range-tabs';
import { StatCard } from './stat-card';

const DEFAULT_RANGE: SummaryDuration = '6';

/** The range lives in the URL (?range=29) so reload and back keep it; "1 Week" without one. */
function useRange(): [SummaryDuration, (next: SummaryDuration) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = SummaryDuration.safeParse(params.get('range'));
  const range = parsed.success ? parsed.data : DEFAULT_RANGE;
  const setRange = (next: SummaryDuration) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_RANGE) updated.delete('range');
        else updated.set('range', next);
        return updated;
      },
      { replace: true },
    );
  return [range, setRange];
}

/**
 * /main/manager/dashboard: the team's eight figures, the range tabs and the two charts (spec 1).
 * For managers and admins; a user gets the "no access" notice and no figures are asked for.
 */
export function ManagerDashboardPage() {
  const { t } = useTranslation('teams');
  return (
    <RoleGate role="manager" message={t('managerOnly')}>
      <ManagerDashboard />
    </RoleGate>
  );
}

function ManagerDashboard() {
  const { t } = useTranslation('teams');
  const [range, setRange] = useRange();
  const totals = useQuery(totalsQueryOptions());
  // A tab switch asks the server again for that range; the old figures stay, dimmed, meanwhile.
  const summary = useQuery({ ...summaryQueryOptions(range), placeholderData: (previous) => previous });

  const summaryBusy = summary.isPlaceholderData || summary.isPending;
  const s = summary.data;
  const count = (value: number | undefined) => (value === undefined ? undefined : String(value));
  const totalsData = totals.data;

  // The role was lowered while the page was open: trying again cannot help.
  if (isForbidden(totals.error) || isForbidden(summary.error)) return <NoAccess>{t('managerOnly')}</NoAccess>;

  if (totals.isError || summary.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{t('managerDashboard.failed')}</Alert>
        <Button
          variant="secondary"
          onClick={() => {
            void totals.refetch();
            void summary.refetch();
          }}
        >
          {t('managerDashboard.retry')}
        </Button>
      </div>
    );
  }

  if (totalsData && totalsData.totalRecordings === 0) {
    return (
      <EmptyState
        icon={ChartBarIcon}
        title={t('managerDashboard.emptyTitle')}
        description={t('managerDashboard.emptyDescription')}
        action={
          <TextLink to={paths.main.recordings.getHref()}>{t('managerDashboard.openRecordings')}</TextLink>
        }
      />
    );
  }

  return (
    <div className="space-y-8" aria-busy={summaryBusy || totals.isPending || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <RangeTabs value={range} onChange={setRange} />
        {(totals.isPending || summaryBusy) && (
          <Spinner
            className="size-5 text-indigo-600 dark:text-indigo-400"
            label={t('managerDashboard.loading')}
          />
        )}
      </div>

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          id="stat-total-recordings"
          label={t('managerDashboard.cards.totalRecordings')}
          value={count(s?.totalRecordings)}
          busy={summaryBusy}
        />
        <StatCard
          id="stat-total-time"
          label={t('managerDashboard.cards.totalTime')}
          value={
            s
              ? t('managerDashboard.duration', {
                  mins: s.totalTime.mins,
                  secs: String(s.totalTime.secs).padStart(2, '0'),
                })
              : undefined
          }
          busy={summaryBusy}
        />
        <StatCard
          id="stat-total-questions"
          label={t('managerDashboard.cards.totalQuestions')}
          value={count(s?.totalQuestions)}
          busy={summaryBusy}
        />
        <StatCard
          id="stat-total-objections"
          label={t('managerDashboard.cards.totalObjections')}
          value={count(s?.totalObjections)}
          busy={summaryBusy}
        />
        <StatCard
          id="stat-appointment"
          label={t('managerDashboard.cards.appointment')}
          value={count(s?.results.appointment)}
          busy={summaryBusy}
        />
        <StatCard
          id="stat-follow-up"
          label={t('managerDashboard.cards.followUp')}
          value={count(s?.results.followUp)}
          busy={summaryBusy}
        />
        <StatCard
          id="stat-not-interested"
          label={t('managerDashboard.cards.notInterested')}
          value={count(s?.results.notInterested)}
          busy={summaryBusy}
        />
        <StatCard
          id="stat-pricing"
          label={t('managerDashboard.cards.pricing')}
          value={count(s?.totalPricingDiscuss)}
          busy={summaryBusy}
        />
      </div>

      {s && (
        <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
          <ContentPie summary={s} />
          <RecordingsLine summary={s} />
        </div>
      )}
    </div>
  );
}
