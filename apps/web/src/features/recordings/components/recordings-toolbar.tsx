import { CallResultClass } from '@call-insights/contracts/analysis';
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
  result: CallResultClass | undefined;
  onResultChange: (result: CallResultClass | undefined) => void;
};

const RESULTS = CallResultClass.options;

/** One filter of the list: a select named for screen readers, its first option "all". */
function FilterSelect({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  className: string;
}) {
  const id = useId();
  return (
    <div className={cn('sm:shrink-0', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClasses(), 'pr-8')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Search box, tracker and result filters, "Export CSV" and "Import Recording" above the list. */
export function RecordingsToolbar({
  search,
  onSearchChange,
  onExport,
  exporting,
  onImport,
  trackerId,
  onTrackerChange,
  result,
  onResultChange,
}: RecordingsToolbarProps) {
  const { t } = useTranslation();
  const { t: tTrackers } = useTranslation('trackers');
  const searchId = useId();
  const trackers = useQuery(trackerOptionsQueryOptions()).data?.trackers;

  return (
    // Search and filters on one line from sm up, the actions beside them from 2xl up (below on a
    // line of their own, so no control is squeezed).
    <div className="flex flex-col gap-4 2xl:flex-row 2xl:items-center 2xl:justify-between">
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
        <div className="w-full min-w-0 sm:flex-1 2xl:max-w-sm">
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
          <FilterSelect
            className="sm:w-48"
            label={tTrackers('filter.label')}
            value={trackerId === undefined ? '' : String(trackerId)}
            onChange={(value) => onTrackerChange(value ? Number(value) : undefined)}
            options={[
              { value: '', label: tTrackers('filter.all') },
              ...trackers.map((tracker) => ({
                value: String(tracker.id),
                label: trackerDisplayName(tracker, tTrackers),
              })),
            ]}
          />
        )}
        <FilterSelect
          // As wide as its longest option (French "Tous les résultats" needs more than 11rem).
          className="sm:w-auto sm:min-w-44"
          label={t('recordings.filter.resultLabel')}
          value={result ?? ''}
          onChange={(value) => {
            const picked = CallResultClass.safeParse(value);
            onResultChange(picked.success ? picked.data : undefined);
          }}
          options={[
            { value: '', label: t('recordings.filter.allResults') },
            ...RESULTS.map((value) => ({ value, label: t(`recordings.filter.${value}`) })),
          ]}
        />
      </div>
      <div className="flex shrink-0 flex-wrap gap-3 sm:flex-nowrap sm:justify-end sm:whitespace-nowrap">
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
