import type { Analysis, CallResultClass, LeadScoreFactor } from '@call-insights/contracts/analysis';
import { SparklesIcon } from '@heroicons/react/24/outline';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cn } from '../../lib/cn';
import { Alert } from '../ui/alert';
import { EmptyState } from '../ui/empty-state';
import { bodyTextClasses, mutedTextClasses, subheadingClasses } from './styles';

const resultBadgeClasses: Record<CallResultClass, string> = {
  appointment:
    'bg-green-50 text-green-700 ring-green-600/20 dark:bg-green-500/10 dark:text-green-400 dark:ring-green-500/20',
  follow_up:
    'bg-blue-50 text-blue-700 ring-blue-700/10 dark:bg-blue-400/10 dark:text-blue-400 dark:ring-blue-400/30',
  not_interested:
    'bg-red-50 text-red-700 ring-red-600/10 dark:bg-red-400/10 dark:text-red-400 dark:ring-red-400/20',
  other:
    'bg-gray-50 text-gray-600 ring-gray-500/10 dark:bg-gray-400/10 dark:text-gray-400 dark:ring-gray-400/20',
};

function Highlight({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={subheadingClasses}>
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function ItemList({ items }: { items: readonly string[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className={mutedTextClasses}>{t('analysis.insights.noneDetected')}</p>;
  return (
    <ul className={cn('list-disc space-y-1 pl-5 marker:text-gray-400', bodyTextClasses)}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** A lead-score factor in the reader's language, with the points it moved ("2 pain points described (+10)"). */
function factorText(t: TFunction, f: LeadScoreFactor, resultClass: CallResultClass): string {
  const k = 'analysis.insights.leadFactors';
  switch (f.factor) {
    case 'result':
      return t(`${k}.withPoints`, { reason: t(`${k}.result.${resultClass}`), points: f.points });
    case 'declined_cap':
      return t(`${k}.declined_cap`);
    default: {
      const reason = t(`${k}.${f.factor}`, { count: f.count ?? 0, of: f.of ?? 0 });
      return t(`${k}.withPoints`, { reason, points: f.points > 0 ? `+${f.points}` : String(f.points) });
    }
  }
}

function LeadScore({ analysis }: { analysis: Analysis }) {
  const { t } = useTranslation();
  const score = Math.max(0, Math.min(100, analysis.lead_score));
  // The rules analyzer sends its reasons as data too: those read in the reader's language. A
  // language model's reasons (and older analyses) are sentences in the call's language.
  const reasons = analysis.lead_score_factors?.length
    ? analysis.lead_score_factors.map((f) => factorText(t, f, analysis.result_class))
    : analysis.lead_score_reasons;
  return (
    <div className="mt-3 space-y-2">
      <div className="flex items-center gap-x-3">
        <span className="text-sm font-medium text-gray-700 dark:text-gray-300">
          {t('analysis.insights.leadScore')}
        </span>
        <div
          role="meter"
          aria-label={t('analysis.insights.leadScore')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={score}
          aria-valuetext={t('analysis.insights.leadScoreValue', { score })}
          className="h-2 w-24 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
        >
          <div
            className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400"
            style={{ width: `${score}%` }}
          />
        </div>
        <span className="text-sm font-semibold text-gray-900 tabular-nums dark:text-white">
          {t('analysis.insights.leadScoreValue', { score })}
        </span>
      </div>
      {reasons.length > 0 && (
        <div>
          <p className="text-xs font-medium text-gray-500 dark:text-gray-400">
            {t('analysis.insights.leadScoreReasons')}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs/5 text-gray-600 marker:text-gray-400 dark:text-gray-400">
            {reasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The Highlights tab: call results with result and lead score, summary, Q&A and the detected lists. */
/**
 * Why the rules analysis stands in for the language model, in the reader's language: from the reason
 * as data when the analysis has it, else the English sentence older analyses kept.
 */
function fallbackReason(analysis: Analysis, t: TFunction, lang: string | undefined): string | undefined {
  const d = analysis.fallback_detail;
  if (!d) return analysis.fallback_reason;
  return t(`analysis.insights.fallbackKinds.${d.kind}`, {
    status: d.status,
    seconds: d.seconds === undefined ? undefined : new Intl.NumberFormat(lang).format(d.seconds),
    host: d.host,
    model: d.model,
    interpolation: { escapeValue: false },
  });
}

export function HighlightsView({ analysis }: { analysis: Analysis | null }) {
  const { t, i18n } = useTranslation();
  if (!analysis) {
    return (
      <EmptyState
        icon={SparklesIcon}
        title={t('analysis.insights.emptyTitle')}
        description={t('analysis.insights.emptyText')}
      />
    );
  }
  const none = t('analysis.insights.noAnswer');
  return (
    <div className="space-y-8">
      {analysis.fallback_reason && (
        <Alert tone="info">
          {t('analysis.insights.fallback', { reason: fallbackReason(analysis, t, i18n.resolvedLanguage) })}
        </Alert>
      )}
      <Highlight title={t('analysis.insights.callResults')}>
        <span
          className={cn(
            'inline-flex items-center rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset',
            resultBadgeClasses[analysis.result_class],
          )}
        >
          <span className="sr-only">{t('analysis.insights.resultLabel')}: </span>
          {t(`analysis.insights.result.${analysis.result_class}`)}
        </span>
        <p className={cn('mt-2', bodyTextClasses)}>{analysis.call_results || none}</p>
        <LeadScore analysis={analysis} />
      </Highlight>
      <Highlight title={t('analysis.insights.callSummary')}>
        <p className={bodyTextClasses}>{analysis.call_summary || none}</p>
      </Highlight>
      <Highlight title={t('analysis.insights.qa')}>
        {analysis.questions.length === 0 ? (
          <p className={mutedTextClasses}>{t('analysis.insights.noneDetected')}</p>
        ) : (
          <ol className="space-y-4">
            {analysis.questions.map((question, index) => {
              const answer = analysis.answers[index]?.trim();
              const n = index + 1;
              return (
                <li key={index} className={cn('space-y-1', bodyTextClasses)}>
                  <p>
                    <span className="mr-2 font-semibold text-indigo-600 dark:text-indigo-400">
                      {t('analysis.insights.questionLabel', { n })}
                    </span>
                    {question}
                  </p>
                  <p>
                    <span className="mr-2 font-semibold text-gray-500 dark:text-gray-400">
                      {t('analysis.insights.answerLabel', { n })}
                    </span>
                    {answer || none}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </Highlight>
      <Highlight title={t('analysis.insights.objections')}>
        <ItemList items={analysis.objections} />
      </Highlight>
      <Highlight title={t('analysis.insights.painPoints')}>
        <ItemList items={analysis.pain_points} />
      </Highlight>
      <Highlight title={t('analysis.insights.pricing')}>
        <ItemList items={analysis.pricing_discussed} />
      </Highlight>
    </div>
  );
}
