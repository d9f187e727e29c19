import type { RecordingListItem } from '@call-insights/contracts/recordings';
import { ArrowDownIcon, ArrowUpIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL, formatDateTime, formatDuration, formatPhone, textCell } from './format';
import type { RecordingsTableProps } from './recordings-table';
import { RecordingActions } from './recording-actions';
import { StatusBadge } from './status-badge';

/** Who the call was with: the contact's name, else the file's name. */
function titleOf(item: RecordingListItem): string {
  const name = [item.crm_firstName, item.crm_lastName].filter((p) => p && p.trim()).join(' ');
  return name || textCell(item.file.originalname);
}

/**
 * The recordings list on a phone: one card per call (who, when, how long, where, its state and
 * actions) instead of a table ten columns wide that scrolls sideways. Same data and actions as
 * `RecordingsTable`, which the page shows from the `sm` breakpoint up.
 */
export function RecordingsCards({
  items,
  sort,
  onToggleSort,
  onDownload,
  onRetry,
  retryingId,
}: RecordingsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const ascending = sort === 'createdAt:asc';
  const SortIcon = ascending ? ArrowUpIcon : ArrowDownIcon;
  const order = ascending ? t('recordings.sortOldest') : t('recordings.sortNewest');

  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onToggleSort}
          aria-label={t('recordings.cards.sortBy', { order })}
          className="inline-flex items-center gap-x-1 rounded-md px-2 py-1 text-sm font-semibold text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-white dark:hover:bg-white/10"
        >
          {t('recordings.columns.createdAt')}
          <SortIcon aria-hidden="true" className="size-4 text-gray-400 dark:text-gray-500" />
        </button>
      </div>
      <ul
        aria-label={t('recordings.caption', { sort: order })}
        className="divide-y divide-gray-200 overflow-hidden rounded-lg bg-white ring-1 ring-gray-200 dark:divide-white/10 dark:bg-gray-900 dark:ring-white/10"
      >
        {items.map((item) => {
          const title = titleOf(item);
          const phone = formatPhone(item.phone_number);
          const place = [phone, textCell(item.location?.name)].filter((p) => p !== EMPTY_CELL).join(' · ');
          return (
            <li key={item.id} aria-label={title} className="flex items-start gap-x-3 px-4 py-4">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-gray-900 dark:text-white">{title}</p>
                <p className="mt-1 text-xs text-gray-500 tabular-nums dark:text-gray-400">
                  <span className="whitespace-nowrap">{formatDateTime(item.createdAt, language)}</span>
                  {' · '}
                  <span className="whitespace-nowrap">{formatDuration(item.duration)}</span>
                  {' · '}
                  <span className="whitespace-nowrap">
                    {t('recordings.cards.speakers', { count: item.num_speakers })}
                  </span>
                </p>
                {place && <p className="mt-1 truncate text-xs text-gray-500 dark:text-gray-400">{place}</p>}
                <div className="mt-2">
                  <StatusBadge item={item} onRetry={onRetry} retrying={retryingId === item.id} />
                </div>
                {item.status === 'failed' && (
                  <p className="mt-1 text-xs break-words text-red-600 dark:text-red-400" aria-hidden="true">
                    {item.error || t('recordings.status.unknownError')}
                  </p>
                )}
                {item.status === 'failed' && item.error_setup && (
                  <p className="mt-1 text-xs break-words text-gray-600 dark:text-gray-400" aria-hidden="true">
                    {t('recordings.status.setup', { setup: item.error_setup })}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 items-center gap-x-1">
                <RecordingActions item={item} onDownload={onDownload} padding="p-2" />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
