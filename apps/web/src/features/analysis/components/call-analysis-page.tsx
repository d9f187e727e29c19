import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { DialoguePlayer, type SeekFn } from './dialogue-player';
import { PhrasesPanel } from './phrases-panel';
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
  const { t: tTrackers } = useTranslation('trackers');
  const query = useQuery(analysisRecordQueryOptions(id));
  const [rerunFailed, setRerunFailed] = useState(false);
  const [transcriptTab, setTranscriptTab] = useState(0);
  const seekRef = useRef<SeekFn | null>(null);
  const record = query.data;
  // A phrase's play button opens the Dialogue tab (the player) and plays from the mention.
  const seek = useCallback((seconds: number) => {
    setTranscriptTab(1);
    seekRef.current?.(seconds);
  }, []);

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
      <StatusBanner
        recordingId={record.id}
        status={record.status}
        error={record.error}
        setup={record.error_setup}
      />
      {rerunFailed && <Alert tone="error">{t('analysis.page.rerunFailed')}</Alert>}
      <CallAnalysisContent
        call={record}
        transcriptTab={{ index: transcriptTab, onChange: setTranscriptTab }}
        renderDialogue={({ turns, speakers }) => (
          <DialoguePlayer
            recordingId={record.id}
            hasAudio={record.hasAudio}
            turns={turns}
            speakers={speakers}
            seekRef={seekRef}
          />
        )}
        coaching={<CoachingPanel record={record} />}
        extraInsightsTab={{
          label: tTrackers('phrases.tab'),
          content: (
            <PhrasesPanel
              recordingId={record.id}
              status={record.status}
              onSeek={record.hasAudio ? seek : undefined}
            />
          ),
        }}
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
