import type { RecordingStatus } from '@call-insights/contracts/recordings';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useFailureDetail } from '../../../hooks/use-failure-detail';
import { useRetryProcessing } from '../api/retry-processing';

type StatusBannerProps = {
  recordingId: number;
  status: RecordingStatus;
  error: string | null;
  /** Admins only: the server setting to change (the server sends null to everyone else). */
  setup: string | null;
};

/**
 * Shown while the recording is not done: the processing step (the page polls), or the failure with
 * its reason and Retry (the list offers it too, but someone who opened the call should not have to
 * go back for it).
 */
export function StatusBanner({ recordingId, status, error, setup }: StatusBannerProps) {
  const { t } = useTranslation();
  const retry = useRetryProcessing(recordingId);
  // The server's reason when the retry is refused (another run under way, the organization full…).
  const retryFailure = useFailureDetail(retry.error);
  if (status === 'done') return null;
  if (status === 'failed') {
    return (
      <Alert tone="error">
        <p>{t('analysis.status.failed')}</p>
        <p className="mt-1 font-normal">{error?.trim() || t('analysis.status.failedUnknown')}</p>
        {setup && (
          <p className="mt-2 text-xs font-normal break-words">{t('analysis.status.setup', { setup })}</p>
        )}
        {retry.isError && (
          <p className="mt-1 font-normal">{retryFailure ?? t('analysis.status.retryFailed')}</p>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
        >
          {t('analysis.status.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <div
      role="status"
      className="flex items-center gap-x-3 rounded-md bg-indigo-50 p-4 text-sm text-indigo-800 dark:bg-indigo-500/10 dark:text-indigo-200 dark:outline dark:outline-indigo-500/20"
    >
      <Spinner className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400" />
      <div>
        <p className="font-medium">{t(`analysis.status.${status}`)}</p>
        <p className="mt-0.5 text-indigo-700 dark:text-indigo-300">{t('analysis.status.autoRefresh')}</p>
      </div>
    </div>
  );
}
