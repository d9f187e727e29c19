import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CallAnalysisContent } from '../../../components/call/call-analysis-content';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { analysisRecordQueryOptions, parseRecordingId } from '../api/get-analysis-record';
import { AnalysisHeader, BackButton } from './analysis-header';
import { CoachingPanel } from './coaching-panel';
import { DialoguePlayer } from './dialogue-player';
import { StatusBanner } from './status-banner';

/** /main/call-analysis/:id — one call's contact, chart, transcript, metrics, insights and coaching. */
export function CallAnalysisPage() {
  const { id: idParam } = useParams();
  const id = parseRecordingId(idParam);
  // A key per id: state such as a failed re-run does not carry over to another recording.
  return id === null ? <AnalysisUnavailable notFound /> : <CallAnalysis key={id} id={id} />;
}

function CallAnalysis({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery(analysisRecordQueryOptions(id));
  const [rerunFailed, setRerunFailed] = useState(false);
  const record = query.data;

  useEffect(() => {
    // Spec 8: a failed analysis load is logged; the page shows a plain error state.
    if (query.error) console.error('Error fetching analysis', query.error);
  }, [query.error]);

  if (!record) {
    if (query.isPending) return <FullPageSpinner label={t('analysis.page.loading')} />;
    const notFound = isApiError(query.error) && query.error.status === 404;
    return <AnalysisUnavailable notFound={notFound} onRetry={() => void query.refetch()} />;
  }

  return (
    <div className="space-y-6">
      <AnalysisHeader record={record} onRerunFailed={setRerunFailed} />
      <StatusBanner status={record.status} error={record.error} />
      {rerunFailed && <Alert tone="error">{t('analysis.page.rerunFailed')}</Alert>}
      <CallAnalysisContent
        call={record}
        renderDialogue={({ turns, speakers }) => (
          <DialoguePlayer
            recordingId={record.id}
            hasAudio={record.hasAudio}
            turns={turns}
            speakers={speakers}
          />
        )}
        coaching={<CoachingPanel record={record} />}
      />
    </div>
  );
}

type AnalysisUnavailableProps = { notFound: boolean; onRetry?: () => void };

function AnalysisUnavailable({ notFound, onRetry }: AnalysisUnavailableProps) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={ExclamationTriangleIcon}
      title={notFound ? t('analysis.page.notFoundTitle') : t('analysis.page.loadFailedTitle')}
      description={notFound ? t('analysis.page.notFoundText') : t('analysis.page.loadFailedText')}
      action={
        <div className="flex justify-center gap-x-3">
          {!notFound && onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {t('analysis.page.tryAgain')}
            </Button>
          )}
          <BackButton />
        </div>
      }
    />
  );
}
