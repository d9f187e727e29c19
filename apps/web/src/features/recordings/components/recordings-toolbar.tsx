import { ArrowDownTrayIcon, MagnifyingGlassIcon, PlusIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/input';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { trackerOptionsQueryOptions } from '../api/get-trackers';
import { SEARCH_MAX_LENGTH } from '../hooks/use-recordings-search';
import { trackerDisplayName } from '../../../lib/tracker-names';

type RecordingsToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  onExport: () => void;
  exporting: boolean;
  onImport: () => void;
  trackerId: number | undefined;
  onTrackerChange: (id: number | undefined) => void;
};

/** Search box, "Export CSV" and "Import Recording" above the list. */
export function RecordingsToolbar({
  search,
  onSearchChange,
  onExport,
  exporting,
  onImport,
  trackerId,
  onTrackerChange,
}: RecordingsToolbarProps) {
  const { t } = useTranslation();
  const { t: tTrackers } = useTranslation('trackers');
  const searchId = useId();
  const trackerSelectId = useId();
  const trackers = useQuery(trackerOptionsQueryOptions()).data?.trackers;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="w-full sm:max-w-sm">
        <label htmlFor={searchId} className="sr-only">
          {t('recordings.search.label')}
        </label>
        <div className="relative">
          <MagnifyingGlassIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400 dark:text-gray-500"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={t('recordings.search.placeholder')}
            className={cn(inputClasses(), 'pl-9')}
          />
        </div>
      </div>
      {trackers && trackers.length > 0 && (
        <div className="sm:w-52">
          <label htmlFor={trackerSelectId} className="sr-only">
            {tTrackers('filter.label')}
          </label>
          <select
            id={trackerSelectId}
            value={trackerId ?? ''}
            onChange={(event) => onTrackerChange(event.target.value ? Number(event.target.value) : undefined)}
            className={cn(inputClasses(), 'pr-8')}
          >
            <option value="">{tTrackers('filter.all')}</option>
            {trackers.map((tracker) => (
              <option key={tracker.id} value={tracker.id}>
                {trackerDisplayName(tracker, tTrackers)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex gap-x-3">
        <Button variant="secondary" onClick={onExport} isLoading={exporting}>
          {!exporting && <ArrowDownTrayIcon aria-hidden="true" className="-ml-0.5 size-5" />}
          {t('recordings.toolbar.export')}
        </Button>
        <Tooltip content={t('recordings.toolbar.importTooltip')}>
          {(describedBy) => (
            <Button onClick={onImport} {...describedBy}>
              <PlusIcon aria-hidden="true" className="-ml-0.5 size-5" />
              {t('recordings.toolbar.import')}
            </Button>
          )}
        </Tooltip>
      </div>
    </div>
  );
}
