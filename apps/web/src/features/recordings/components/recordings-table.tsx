import type { RecordingListItem } from '@call-insights/contracts/recordings';
import { ArrowDownIcon, ArrowUpIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { RecordingSort } from '../api/get-recordings';
import { formatDateTime, formatDuration, formatPhone, textCell } from './format';
import { RecordingActions } from './recording-actions';
import { StatusBadge } from './status-badge';

export type RecordingsTableProps = {
  items: RecordingListItem[];
  sort: RecordingSort;
  onToggleSort: () => void;
  onDownload: (item: RecordingListItem) => void;
  onRetry: (id: number) => void;
  retryingId: number | null;
};

const headClasses =
  'px-2 py-3.5 text-left align-bottom text-sm font-semibold text-gray-900 first:pl-4 dark:text-white';
const cellClasses = 'px-2 py-4 text-sm whitespace-nowrap text-gray-500 dark:text-gray-400';
export function RecordingsTable({
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
  const columns = [
    t('recordings.columns.dateAdded'),
    t('recordings.columns.contactId'),
    t('recordings.columns.speakers'),
    t('recordings.columns.duration'),
    t('recordings.columns.firstName'),
    t('recordings.columns.lastName'),
    t('recordings.columns.phone'),
    t('recordings.columns.location'),
  ];

  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-gray-200 dark:ring-white/10">
      <table className="min-w-full divide-y divide-gray-300 dark:divide-white/15">
        <caption className="sr-only">
          {t('recordings.caption', {
            sort: ascending ? t('recordings.sortOldest') : t('recordings.sortNewest'),
          })}
        </caption>
        <thead className="bg-gray-50 dark:bg-gray-800">
          <tr>
            <th scope="col" aria-sort={ascending ? 'ascending' : 'descending'} className={headClasses}>
              <button
                type="button"
                onClick={onToggleSort}
                className="group inline-flex items-center gap-x-1 rounded-md whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {t('recordings.columns.createdAt')}
                <SortIcon
                  aria-hidden="true"
                  className="size-4 text-gray-400 group-hover:text-gray-700 dark:text-gray-500 dark:group-hover:text-gray-200"
                />
              </button>
            </th>
            {columns.map((label) => (
              <th key={label} scope="col" className={headClasses}>
                {label}
              </th>
            ))}
            {/* The status and the actions stay in view when the table scrolls sideways (a laptop
                screen does not fit every column): a failed call's Retry is never hidden. */}
            <th scope="col" className={`${headClasses} sticky right-0 bg-gray-50 dark:bg-gray-800`}>
              {t('recordings.columns.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 bg-white dark:divide-white/10 dark:bg-gray-900">
          {items.map((item) => (
            <tr key={item.id} className="group hover:bg-gray-50 dark:hover:bg-gray-800">
              <th
                scope="row"
                className="py-4 pr-2 pl-4 text-left text-sm font-medium whitespace-nowrap text-gray-900 dark:text-white"
              >
                {formatDateTime(item.createdAt, language)}
                {/* Which call the row is: the file's name (the contact has its own columns). */}
                <span className="block max-w-48 truncate text-xs font-normal text-gray-500 dark:text-gray-400">
                  {item.file.originalname}
                </span>
              </th>
              <td className={cellClasses}>{formatDateTime(item.dateAdded, language)}</td>
              <td className={cellClasses}>{textCell(item.crm_userId)}</td>
              <td className={cellClasses}>{item.num_speakers}</td>
              <td className={`${cellClasses} tabular-nums`}>{formatDuration(item.duration)}</td>
              <td className={cellClasses}>{textCell(item.crm_firstName)}</td>
              <td className={cellClasses}>{textCell(item.crm_lastName)}</td>
              <td className={`${cellClasses} tabular-nums`}>{formatPhone(item.phone_number)}</td>
              <td className={cellClasses}>{textCell(item.location?.name)}</td>
              <td className="sticky right-0 bg-white py-4 pr-4 pl-2 text-sm whitespace-nowrap shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.15)] group-hover:bg-gray-50 dark:bg-gray-900 dark:group-hover:bg-gray-800">
                <div className="flex items-center justify-between gap-x-2">
                  <StatusBadge item={item} onRetry={onRetry} retrying={retryingId === item.id} />
                  <div className="flex items-center gap-x-1">
                    <RecordingActions item={item} onDownload={onDownload} />
                  </div>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
