import type { RecordingStatus } from '@call-insights/contracts/recordings';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';

type StatusBannerProps = { status: RecordingStatus; error: string | null };

/** Shown while the recording is not done: the processing step (the page polls) or the failure. */
export function StatusBanner({ status, error }: StatusBannerProps) {
  const { t } = useTranslation();
  if (status === 'done') return null;
  if (status === 'failed') {
    return (
      <Alert tone="error">
        <p>{t('analysis.status.failed')}</p>
        <p className="mt-1 font-normal">{error?.trim() || t('analysis.status.failedUnknown')}</p>
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
