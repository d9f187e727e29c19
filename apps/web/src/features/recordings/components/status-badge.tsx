import type { RecordingListItem, RecordingStatus } from '@call-insights/contracts/recordings';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { isFinished } from '../api/get-recordings';

const styles: Record<RecordingStatus, string> = {
  queued:
    'bg-gray-50 text-gray-600 ring-gray-500/10 dark:bg-gray-400/10 dark:text-gray-400 dark:ring-gray-400/20',
  transcribing:
    'bg-blue-50 text-blue-700 ring-blue-700/10 dark:bg-blue-400/10 dark:text-blue-400 dark:ring-blue-400/30',
  analyzing:
    'bg-indigo-50 text-indigo-700 ring-indigo-700/10 dark:bg-indigo-400/10 dark:text-indigo-400 dark:ring-indigo-400/30',
  done: 'bg-green-50 text-green-700 ring-green-600/20 dark:bg-green-500/10 dark:text-green-400 dark:ring-green-500/20',
  failed: 'bg-red-50 text-red-700 ring-red-600/10 dark:bg-red-400/10 dark:text-red-400 dark:ring-red-400/20',
};

type StatusBadgeProps = {
  item: Pick<RecordingListItem, 'id' | 'status' | 'progress' | 'error' | 'error_setup'>;
  onRetry: (id: number) => void;
  retrying: boolean;
};

/** The processing state of a row; unfinished rows show their %, failed rows their error and Retry. */
export function StatusBadge({ item, onRetry, retrying }: StatusBadgeProps) {
  const { t } = useTranslation();
  const label = t(`recordings.status.${item.status}`);
  const text = isFinished(item.status)
    ? label
    : t('recordings.status.withProgress', { status: label, progress: Math.round(item.progress) });
  const reason = item.status === 'failed' ? item.error || t('recordings.status.unknownError') : undefined;
  // Admins also read which server setting to change (the server sends it to admins only).
  const error =
    reason && item.error_setup
      ? `${reason}\n${t('recordings.status.setup', { setup: item.error_setup })}`
      : reason;

  return (
    <div className="flex items-center gap-x-2">
      <span
        title={error}
        className={cn(
          'inline-flex items-center gap-x-1.5 rounded-md px-2 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
          styles[item.status],
        )}
      >
        {!isFinished(item.status) && <Spinner className="size-3" />}
        <span>{text}</span>
        {error && <span className="sr-only">({error})</span>}
      </span>
      {item.status === 'failed' && (
        <button
          type="button"
          onClick={() => onRetry(item.id)}
          disabled={retrying}
          className="rounded-md px-2 py-1 text-xs font-semibold text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50 dark:text-indigo-400 dark:hover:bg-white/10"
        >
          {t('recordings.status.retry')}
        </button>
      )}
    </div>
  );
}
