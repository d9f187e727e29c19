import type { SummaryResponse } from '@call-insights/contracts/manager';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pieSliceColors, PIE_SIZE } from '../../../components/call/pie-colors';
import { isPieEmpty, type PieSlice } from '../../../components/call/pie-data';
import { cn } from '../../../lib/cn';
import { periodLabel } from './period-label';

// recharts comes with these two chunks, fetched when the dashboard first draws a chart.
const PieGraphic = lazy(() =>
  import('../../../components/call/pie-graphic').then((module) => ({ default: module.PieGraphic })),
);
const RecordingsLineGraphic = lazy(() =>
  import('./recordings-line-graphic').then((module) => ({ default: module.RecordingsLineGraphic })),
);

function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-800/75 dark:ring-white/10"
    >
      <h2 id={id} className="text-base font-semibold text-gray-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Placeholder({ height, label }: { height: number; label?: string }) {
  return (
    <div
      style={{ height }}
      className="flex items-center justify-center rounded-md bg-gray-50 text-sm text-gray-500 dark:bg-white/5 dark:text-gray-400"
    >
      {label}
    </div>
  );
}

type ChartsProps = { summary: SummaryResponse };

/** The pie of questions, objections, pain points and pricing, with its legend and counts. */
export function ContentPie({ summary }: ChartsProps) {
  const { t } = useTranslation('teams');
  const slices: PieSlice[] = [
    { key: 'questions', count: summary.totalQuestions },
    { key: 'objections', count: summary.totalObjections },
    { key: 'painPoints', count: summary.totalPainPoints },
    // Mentions, like the other three slices (the Pricing Discussed card counts calls).
    { key: 'pricing', count: summary.totalPricingMentions },
  ];
  const labels = {
    questions: t('managerDashboard.pie.questions'),
    objections: t('managerDashboard.pie.objections'),
    painPoints: t('managerDashboard.pie.painPoints'),
    pricing: t('managerDashboard.pie.pricing'),
  };
  const empty = isPieEmpty(slices);
  const summaryText = t('managerDashboard.pie.summary', {
    items: slices.map((slice) => `${labels[slice.key]}: ${slice.count}`).join(', '),
  });

  return (
    <ChartCard id="manager-pie-title" title={t('managerDashboard.pie.title')}>
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:justify-center">
        <div role="img" aria-label={summaryText} className="shrink-0">
          {empty ? (
            <div style={{ width: PIE_SIZE }}>
              <Placeholder height={PIE_SIZE} label={t('managerDashboard.pie.empty')} />
            </div>
          ) : (
            <Suspense fallback={<div style={{ width: PIE_SIZE, height: PIE_SIZE }} />}>
              <div aria-hidden="true">
                <PieGraphic slices={slices} />
              </div>
            </Suspense>
          )}
        </div>
        <ul className="space-y-2">
          {slices.map((slice) => (
            <li key={slice.key} className="flex items-center gap-x-3 text-sm">
              <span
                aria-hidden="true"
                className={cn('size-3 shrink-0 rounded-full', pieSliceColors[slice.key].swatch)}
              />
              <span className="text-gray-700 dark:text-gray-300">{labels[slice.key]}</span>
              <span className="ml-auto pl-4 font-semibold text-gray-900 tabular-nums dark:text-white">
                {slice.count}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </ChartCard>
  );
}

/** Recordings per day (1 Week, 1 Month), month (1 Year) or year (All), with a table for screen readers. */
export function RecordingsLine({ summary }: ChartsProps) {
  const { t, i18n } = useTranslation('teams');
  const { unit, buckets } = summary.recordingCounts;
  const points = buckets.map((bucket) => ({
    label: periodLabel(bucket.start, unit, i18n.language),
    count: bucket.count,
  }));
  const empty = points.every((point) => point.count === 0);
  const summaryText = t(`managerDashboard.line.summary_${unit}`, {
    items: points.map((point) => `${point.label}: ${point.count}`).join(', '),
  });

  return (
    <ChartCard id="manager-line-title" title={t('managerDashboard.line.title')}>
      <div role="img" aria-label={summaryText} className="text-gray-500 dark:text-gray-400">
        {empty ? (
          <Placeholder height={240} label={t('managerDashboard.line.empty')} />
        ) : (
          <Suspense fallback={<Placeholder height={240} />}>
            <div aria-hidden="true">
              <RecordingsLineGraphic points={points} seriesName={t('managerDashboard.line.recordings')} />
            </div>
          </Suspense>
        )}
      </div>
    </ChartCard>
  );
}
