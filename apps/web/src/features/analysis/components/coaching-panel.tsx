import type { AnalysisRecord } from '@call-insights/contracts/analysis-record';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackText } from '../../../components/call/feedback-text';
import { SavedFeedback } from '../../../components/call/saved-feedback';
import { subheadingClasses } from '../../../components/call/styles';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { coachesQueryOptions, coachLabel, methodDescription, methodsForCoach } from '../api/get-coaches';
import { isNoTranscriptError, useRequestCoaching } from '../api/request-coaching';

type CoachingPanelProps = { record: Pick<AnalysisRecord, 'id' | 'transcription' | 'coaching'> };

/** The Coaching tab: pick a coach and a method, "Get Feedback", and the feedback saved on the call. */
export function CoachingPanel({ record }: CoachingPanelProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const catalogue = useQuery(coachesQueryOptions());
  const coaching = useRequestCoaching(record.id);
  const [coachChoice, setCoachChoice] = useState('');
  const [methodChoice, setMethodChoice] = useState('');

  useEffect(() => {
    // Spec 8: failures here are only logged.
    if (catalogue.error) console.error('Error fetching coaches', catalogue.error);
  }, [catalogue.error]);

  const coaches = catalogue.data?.coaches ?? [];
  const coachName = coaches.some((coach) => coach.name === coachChoice)
    ? coachChoice
    : (coaches[0]?.name ?? '');
  const methods = catalogue.data ? methodsForCoach(catalogue.data, coachName) : [];
  const method = methods.find((item) => item.name === methodChoice) ?? methods[0];
  const transcription = record.transcription?.trim() ? record.transcription : null;
  const canSubmit = Boolean(transcription && coachName && method);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!transcription || !method) return;
    coaching.mutate(
      { id: record.id, transcription, coach_name: coachName, method: method.name },
      { onError: (error) => console.error('Error fetching coaching', error) },
    );
  };

  const fresh = coaching.data?.coaching.trim();
  const saved = record.coaching?.trim() ?? null;

  return (
    <div className="space-y-8">
      <form onSubmit={submit} className="space-y-4" aria-busy={coaching.isPending || undefined}>
        <div className="@container">
          <div className="grid grid-cols-1 gap-4 @lg:grid-cols-2">
            <SelectField
              id={`${id}-coach`}
              label={t('analysis.coaching.coachName')}
              value={coachName}
              disabled={coaches.length === 0}
              onChange={(event) => setCoachChoice(event.target.value)}
            >
              {coaches.map((coach) => (
                <option key={coach.name} value={coach.name}>
                  {coachLabel(coach, language)}
                </option>
              ))}
            </SelectField>
            <SelectField
              id={`${id}-method`}
              label={t('analysis.coaching.method')}
              value={method?.name ?? ''}
              disabled={methods.length === 0}
              onChange={(event) => setMethodChoice(event.target.value)}
            >
              {methods.map((item) => (
                <option key={item.name} value={item.name}>
                  {item.name}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
        {method?.description && (
          <p className="text-sm text-gray-500 dark:text-gray-400">{methodDescription(method, language)}</p>
        )}
        {catalogue.isError && (
          <p className="text-sm text-gray-500 dark:text-gray-400">{t('analysis.coaching.catalogueFailed')}</p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" isLoading={coaching.isPending} disabled={!canSubmit}>
            {t('analysis.coaching.getFeedback')}
          </Button>
          {!transcription && (
            <p className="text-sm text-gray-500 dark:text-gray-400">
              {t('analysis.coaching.needsTranscript')}
            </p>
          )}
          {coaching.isPending && (
            <p role="status" className="text-sm text-gray-500 dark:text-gray-400">
              {t('analysis.coaching.generating')}
            </p>
          )}
        </div>
        {coaching.isError && isNoTranscriptError(coaching.error) && (
          <Alert tone="warning">{t('analysis.coaching.conflict')}</Alert>
        )}
      </form>

      {fresh && (
        <section aria-labelledby={`${id}-feedback`}>
          <h3 id={`${id}-feedback`} className={subheadingClasses}>
            {t('analysis.coaching.feedback')}
          </h3>
          <FeedbackText text={fresh} className="mt-3" />
        </section>
      )}
      {/* The answer just received is also the saved one: show it once. */}
      {(!fresh || saved !== fresh) && <SavedFeedback coaching={saved} headingId={`${id}-saved`} />}
    </div>
  );
}
