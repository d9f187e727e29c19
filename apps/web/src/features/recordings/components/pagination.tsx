import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { pageList } from './page-list';

type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
};

const edgeClasses =
  'inline-flex items-center gap-x-1 rounded-md px-2.5 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent dark:text-gray-300 dark:hover:bg-white/10';

/** Previous, the page list (3 pages around the current one, 3 at each end) and Next. */
export function Pagination({ page, pageCount, onPageChange }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const items = pageList(page, pageCount);

  return (
    <nav aria-label={t('recordings.pagination.label')} className="flex items-center justify-center gap-x-1">
      <button
        type="button"
        className={edgeClasses}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label={t('recordings.pagination.previousPage')}
      >
        <ChevronLeftIcon aria-hidden="true" className="size-5" />
        <span className="hidden sm:inline">{t('recordings.pagination.previous')}</span>
      </button>
      <ul className="flex items-center gap-x-1">
        {items.map((item) =>
          item.type === 'break' ? (
            <li
              key={`break-${item.key}`}
              className="px-1.5 text-sm text-gray-500 select-none dark:text-gray-400"
              aria-label={t('recordings.pagination.morePages')}
            >
              <span aria-hidden="true">…</span>
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                onClick={() => onPageChange(item.page)}
                aria-label={t('recordings.pagination.page', { page: item.page })}
                aria-current={item.page === page ? 'page' : undefined}
                className={cn(
                  'min-w-9 rounded-md px-2.5 py-1.5 text-sm font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                  item.page === page
                    ? 'bg-indigo-600 text-white dark:bg-indigo-500'
                    : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-white/10',
                )}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={edgeClasses}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
        aria-label={t('recordings.pagination.nextPage')}
      >
        <span className="hidden sm:inline">{t('recordings.pagination.next')}</span>
        <ChevronRightIcon aria-hidden="true" className="size-5" />
      </button>
    </nav>
  );
}
