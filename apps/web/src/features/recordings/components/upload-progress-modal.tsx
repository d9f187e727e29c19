import { CheckCircleIcon, ExclamationTriangleIcon, MinusIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { recordingsKeys } from '../api/get-recordings';
import { useUploadProgress } from '../hooks/use-upload-progress';

type UploadProgressModalProps = { id: number; onClose: () => void };

const iconButton =
  'rounded-md p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-white/10 dark:hover:text-white';

/**
 * The processing progress of the last import: "Uploading file..." with a percentage until 100,
 * then "Upload Complete". It floats over the page without blocking it; Minimize turns it into a
 * small pill showing the percentage (a click restores it), Close stops the polling.
 */
export function UploadProgressModal({ id, onClose }: UploadProgressModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [minimized, setMinimized] = useState(false);
  const { percent, complete, failed, error, pollFailed } = useUploadProgress(id);
  const finished = complete || failed;

  useEffect(() => {
    // The row's final state (duration, names, status) shows at once in the list.
    if (finished) void queryClient.invalidateQueries({ queryKey: recordingsKeys.lists() });
  }, [finished, queryClient]);

  const title = failed
    ? t('recordings.progress.failed')
    : complete
      ? t('recordings.progress.complete')
      : t('recordings.progress.uploading');

  if (minimized) {
    return (
      <button
        type="button"
        onClick={() => setMinimized(false)}
        aria-label={t('recordings.progress.restore', { percent })}
        className="fixed right-4 bottom-4 z-40 inline-flex items-center gap-x-2 rounded-full bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:bg-indigo-500 dark:hover:bg-indigo-400"
      >
        {failed ? (
          <ExclamationTriangleIcon aria-hidden="true" className="size-4" />
        ) : complete ? (
          <CheckCircleIcon aria-hidden="true" className="size-4" />
        ) : (
          <Spinner className="size-4" />
        )}
        <span aria-hidden="true" className="tabular-nums">
          {percent}%
        </span>
      </button>
    );
  }

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="fixed right-4 bottom-4 z-40 w-[calc(100vw-2rem)] max-w-xs rounded-lg bg-white p-4 shadow-lg ring-1 ring-gray-900/10 dark:bg-gray-800 dark:ring-white/10"
    >
      <div className="flex items-center gap-x-2">
        {failed ? (
          <ExclamationTriangleIcon aria-hidden="true" className="size-5 text-red-500 dark:text-red-400" />
        ) : complete ? (
          <CheckCircleIcon aria-hidden="true" className="size-5 text-green-500 dark:text-green-400" />
        ) : (
          <Spinner className="size-5 text-indigo-600 dark:text-indigo-400" />
        )}
        <h2
          id={titleId}
          aria-live="polite"
          className="flex-1 truncate text-sm font-semibold text-gray-900 dark:text-white"
        >
          {title}
        </h2>
        <button
          type="button"
          onClick={() => setMinimized(true)}
          aria-label={t('recordings.progress.minimize')}
          className={iconButton}
        >
          <MinusIcon aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('recordings.progress.close')}
          className={iconButton}
        >
          <XMarkIcon aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="mt-3 flex items-center gap-x-3">
        <div
          role="progressbar"
          aria-label={t('recordings.progress.bar')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-300',
              failed ? 'bg-red-500' : complete ? 'bg-green-500' : 'bg-indigo-600 dark:bg-indigo-500',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
        <span className="w-10 text-right text-sm font-medium text-gray-700 tabular-nums dark:text-gray-300">
          {percent}%
        </span>
      </div>
      {failed && error && <p className="mt-2 text-sm text-red-600 dark:text-red-400">{error}</p>}
      {pollFailed && !finished && (
        <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{t('recordings.progress.pollFailed')}</p>
      )}
    </section>
  );
}
