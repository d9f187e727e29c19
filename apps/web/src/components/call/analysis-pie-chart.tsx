import type { Analysis } from '@call-insights/contracts/analysis';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { PIE_SIZE, pieSliceColors } from './pie-colors';
import { isPieEmpty, pieSlices } from './pie-data';
import { SectionCard } from './section-card';

const PieGraphic = lazy(() => import('./pie-graphic').then((module) => ({ default: module.PieGraphic })));

/** A plain ring: the chart with nothing counted, and the placeholder while recharts loads. */
function EmptyRing({ label }: { label?: string }) {
  return (
    <div className="relative flex items-center justify-center" style={{ width: PIE_SIZE, height: PIE_SIZE }}>
      <svg viewBox="0 0 100 100" aria-hidden="true" className="absolute inset-0 size-full">
        <circle
          cx="50"
          cy="50"
          r="35"
          fill="none"
          strokeWidth="24"
          className="stroke-gray-200 dark:stroke-white/10"
        />
      </svg>
      {label && (
        <span className="relative max-w-24 text-center text-xs font-medium text-gray-500 dark:text-gray-400">
          {label}
        </span>
      )}
    </div>
  );
}

type AnalysisPieChartProps = { analysis: Analysis | null; className?: string };

/** "Call Analysis": questions, objections, pain points and pricing mentions, each with its count. */
export function AnalysisPieChart({ analysis, className }: AnalysisPieChartProps) {
  const { t } = useTranslation();
  const slices = pieSlices(analysis);
  const empty = isPieEmpty(slices);
  const labels = {
    questions: t('analysis.chart.questions'),
    objections: t('analysis.chart.objections'),
    painPoints: t('analysis.chart.painPoints'),
    pricing: t('analysis.chart.pricing'),
  };
  const summary = t('analysis.chart.summary', {
    items: slices.map((slice) => `${labels[slice.key]}: ${slice.count}`).join(', '),
  });

  return (
    <SectionCard titleId="call-chart-title" title={t('analysis.chart.title')} className={className}>
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:justify-center xl:flex-col 2xl:flex-row">
        <div role="img" aria-label={summary} className="shrink-0">
          {empty ? (
            <EmptyRing label={t('analysis.chart.empty')} />
          ) : (
            <Suspense fallback={<EmptyRing />}>
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
    </SectionCard>
  );
}
