import type { ConversationMetrics } from '@call-insights/contracts/analysis';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatClock } from './format';
import {
  QUESTIONS_BENCHMARK,
  speakerShares,
  TALK_RATIO_BENCHMARK_PERCENT,
  type SpeakerShare,
} from './metrics';
import { SectionCard } from './section-card';
import { speakerName, type SpeakerInfo } from './speakers';
import { mutedTextClasses, speakerToneClasses, subheadingClasses } from './styles';

type MetricsCardProps = { metrics: ConversationMetrics; speakers: readonly SpeakerInfo[] };

const headerCell = 'px-3 py-2 text-left text-xs font-semibold text-gray-600 first:pl-0 dark:text-gray-300';
const bodyCell = 'px-3 py-2 text-sm text-gray-700 tabular-nums first:pl-0 dark:text-gray-300';

/** Talk ratio, longest monologue, interactivity, patience, questions and pace, with research benchmarks. */
export function MetricsCard({ metrics, speakers }: MetricsCardProps) {
  const { t, i18n } = useTranslation();
  const oneDecimal = new Intl.NumberFormat(i18n.resolvedLanguage, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const whole = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 0 });
  const shares = speakerShares(metrics, speakers);
  const nameOf = (share: SpeakerShare) => speakerName(t, share.speaker, share.info);
  const percentOf = (share: SpeakerShare) =>
    t('analysis.metrics.percent', { value: whole.format(share.wholePercent) });
  /** The rep's count carries the benchmark under it. */
  const questionsOf = (share: SpeakerShare) => (
    <>
      {share.question_count}
      {share.info?.role === 'rep' && (
        <span className="block text-xs text-gray-500 dark:text-gray-400">
          {t('analysis.metrics.questionsBenchmark', QUESTIONS_BENCHMARK)}
        </span>
      )}
    </>
  );
  /** The per-speaker figures, in the table's columns and the phone's cards alike. */
  const figures: { label: string; value: (share: SpeakerShare) => ReactNode }[] = [
    { label: t('analysis.metrics.share'), value: percentOf },
    {
      label: t('analysis.metrics.longestMonologue'),
      value: (share) => formatClock(share.longest_monologue_seconds),
    },
    { label: t('analysis.metrics.questions'), value: questionsOf },
    { label: t('analysis.metrics.wordsPerMinute'), value: (share) => whole.format(share.words_per_minute) },
  ];
  const barLabel = t('analysis.metrics.talkRatioSummary', {
    parts: shares.map((share) => `${nameOf(share)} ${percentOf(share)}`).join(', '),
    benchmark: TALK_RATIO_BENCHMARK_PERCENT,
  });

  return (
    <SectionCard titleId="call-metrics-title" title={t('analysis.metrics.title')}>
      <div className="space-y-8">
        <div>
          <h3 className={subheadingClasses}>{t('analysis.metrics.talkRatio')}</h3>
          <div role="img" aria-label={barLabel} className="relative mt-3 pb-6">
            <div className="flex h-5 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10">
              {shares.map((share) => (
                <div
                  key={share.speaker}
                  className={cn('h-full', speakerToneClasses[share.info?.tone ?? 0].swatch)}
                  style={{ width: `${share.percent}%` }}
                />
              ))}
            </div>
            <div
              aria-hidden="true"
              className="absolute top-0 flex -translate-x-1/2 flex-col items-center"
              style={{ left: `${TALK_RATIO_BENCHMARK_PERCENT}%` }}
            >
              <span className="h-7 w-0.5 rounded-full bg-gray-900 dark:bg-white" />
              <span className="text-xs font-medium whitespace-nowrap text-gray-700 dark:text-gray-200">
                {t('analysis.metrics.benchmarkMarker', { value: TALK_RATIO_BENCHMARK_PERCENT })}
              </span>
            </div>
          </div>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {shares.map((share) => (
              <li key={share.speaker} className="flex items-center gap-x-2">
                <span
                  aria-hidden="true"
                  className={cn('size-2.5 rounded-full', speakerToneClasses[share.info?.tone ?? 0].swatch)}
                />
                <span className="text-gray-700 dark:text-gray-300">{nameOf(share)}</span>
                <span className="font-semibold text-gray-900 tabular-nums dark:text-white">
                  {percentOf(share)}
                </span>
              </li>
            ))}
          </ul>
          <p className={cn('mt-2', mutedTextClasses)}>{t('analysis.metrics.talkRatioNote')}</p>
        </div>

        {/* A phone has no room for five columns: one card per speaker there, the table from `sm` up. */}
        <ul aria-label={t('analysis.metrics.perSpeaker')} className="space-y-3 sm:hidden">
          {shares.map((share) => (
            <li key={share.speaker} className="rounded-md bg-gray-50 px-4 py-3 dark:bg-white/5">
              <p className="text-sm font-medium text-gray-900 dark:text-white">{nameOf(share)}</p>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {figures.map(({ label, value }) => (
                  <div key={label}>
                    <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
                    <dd className="text-gray-900 tabular-nums dark:text-white">{value(share)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>

        <div className="hidden overflow-x-auto sm:block">
          <table className="min-w-full divide-y divide-gray-200 dark:divide-white/10">
            <caption className="sr-only">{t('analysis.metrics.perSpeaker')}</caption>
            <thead>
              <tr>
                <th scope="col" className={headerCell}>
                  {t('analysis.metrics.speaker')}
                </th>
                {figures.map(({ label }) => (
                  <th key={label} scope="col" className={headerCell}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-white/5">
              {shares.map((share) => (
                <tr key={share.speaker}>
                  <th
                    scope="row"
                    className={cn(bodyCell, 'text-left font-medium text-gray-900 dark:text-white')}
                  >
                    {nameOf(share)}
                  </th>
                  {figures.map(({ label, value }) => (
                    <td key={label} className={bodyCell}>
                      {value(share)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="rounded-md bg-gray-50 px-4 py-3 dark:bg-white/5">
            <dt className="text-sm font-medium text-gray-500 dark:text-gray-400">
              {t('analysis.metrics.interactivity')}
            </dt>
            <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums dark:text-white">
              {t('analysis.metrics.interactivityValue', { value: oneDecimal.format(metrics.interactivity) })}
            </dd>
          </div>
          <div className="rounded-md bg-gray-50 px-4 py-3 dark:bg-white/5">
            <dt className="text-sm font-medium text-gray-500 dark:text-gray-400">
              {t('analysis.metrics.patience')}
            </dt>
            <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums dark:text-white">
              {t('analysis.metrics.patienceValue', { value: oneDecimal.format(metrics.patience_seconds) })}
            </dd>
          </div>
        </dl>
        <p className="text-xs text-gray-500 dark:text-gray-400">{t('analysis.metrics.source')}</p>
      </div>
    </SectionCard>
  );
}
