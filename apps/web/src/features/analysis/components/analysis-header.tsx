import type { AnalysisRecord } from '@call-insights/contracts/analysis-record';
import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { useReanalyzeRecording } from '../api/reanalyze-recording';
import { AnalysisActionsMenu } from './analysis-actions-menu';
import { ShareButton } from './share-button';

/** "Back" to the recordings list; shared by the page and its error state. */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button variant="secondary" onClick={() => void navigate(paths.main.recordings.getHref())}>
      <ArrowLeftIcon aria-hidden="true" className="-ml-0.5 size-5 text-gray-400 dark:text-gray-300" />
      {t('analysis.page.back')}
    </Button>
  );
}

type AnalysisHeaderProps = {
  record: Pick<AnalysisRecord, 'id' | 'file' | 'status' | 'transcription'>;
  onRerunFailed: (failed: boolean) => void;
};

/** The row above the analysis: the call's file name, Share, Back and "More actions". */
export function AnalysisHeader({ record, onRerunFailed }: AnalysisHeaderProps) {
  const { t } = useTranslation();
  const reanalyze = useReanalyzeRecording(record.id);
  const canRerun = Boolean(record.transcription) && record.status !== 'analyzing' && !reanalyze.isPending;

  const rerun = () => {
    onRerunFailed(false);
    reanalyze.mutate(undefined, {
      onError: (error) => {
        console.error('Error re-running the analysis', error);
        onRerunFailed(true);
      },
    });
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-gray-500 dark:text-gray-400">{t('analysis.page.recording')}</p>
        <h2 className="truncate text-lg/7 font-semibold text-gray-900 dark:text-white">
          {record.file.originalname || t('analysis.page.untitled')}
        </h2>
      </div>
      <div className="flex shrink-0 items-center gap-x-3">
        {/* A call whose processing failed has nothing to share yet. */}
        {record.status !== 'failed' && <ShareButton recordingId={record.id} />}
        <BackButton />
        <AnalysisActionsMenu canRerun={canRerun} onRerun={rerun} />
      </div>
    </div>
  );
}
