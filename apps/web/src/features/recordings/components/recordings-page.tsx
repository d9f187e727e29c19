import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { Spinner } from '../../../components/ui/spinner';
import { SM_UP, useMediaQuery } from '../../../hooks/use-media-query';
import { activeLocationsQueryOptions } from '../api/get-active-locations';
import { recordingsQueryOptions } from '../api/get-recordings';
import type { ImportSource } from '../api/import-form';
import { useRetryRecording } from '../api/retry-recording';
import { useDownload } from '../hooks/use-download';
import { useRecordingsSearch } from '../hooks/use-recordings-search';
import { useUploadFlow } from '../hooks/use-upload-flow';
import { ImportDialog } from './import-dialog';
import { pageRequest } from './page-list';
import { Pagination } from './pagination';
import { RecordingsEmpty } from './recordings-empty';
import { RecordingsCards } from './recordings-cards';
import { RecordingsTable } from './recordings-table';
import { RecordingsToolbar } from './recordings-toolbar';
import { ErrorDialog, UploadFailedDialog, UploadSuccessDialog } from './result-dialogs';
import { UploadProgressModal } from './upload-progress-modal';

/** /main/recordings: search, export, import, the paginated list and the upload flow (spec 2–5). */
export function RecordingsPage() {
  const { t, i18n } = useTranslation();
  const search = useRecordingsSearch();
  const { q, page, cursor, sort, trackerId, result, setPage } = search;
  const List = useMediaQuery(SM_UP, true) ? RecordingsTable : RecordingsCards;
  const list = useQuery(recordingsQueryOptions({ page, cursor, q, sort, tracker_id: trackerId, result }));
  const locations = useQuery(activeLocationsQueryOptions());
  const downloads = useDownload();
  const retry = useRetryRecording();
  const [searchParams, setSearchParams] = useSearchParams();
  // `?import=1` (the hub's "Import a call") opens the dialog once; the flag leaves the URL at once.
  const [importOpen, setImportOpen] = useState(() => searchParams.get('import') === '1');
  useEffect(() => {
    if (searchParams.get('import') === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('import');
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
  const [source, setSource] = useState<ImportSource>('file');
  const upload = useUploadFlow({ onUrlSuccess: () => setSource('file') });

  useEffect(() => {
    // Spec: list and account loads are only logged.
    if (list.error) console.error('Error fetching recordings', list.error);
    if (locations.error) console.error('Error fetching active locations', locations.error);
  }, [list.error, locations.error]);

  const data = list.data;
  useEffect(() => {
    // A page past the end (fewer recordings than when the link was made): go to the last page.
    if (data && !cursor && data.pageCount > 0 && page > data.pageCount) setPage(data.pageCount);
  }, [data, page, cursor, setPage]);

  const goToPage = (next: number) => {
    // A placeholder (the previous page, still shown while the next loads) has cursors of its own place.
    const target = pageRequest(list.isPlaceholderData ? undefined : data, next);
    setPage(target.page, target.cursor);
  };

  const openImport = () => setImportOpen(true);
  // The first-use screen only when nothing narrows the list: a search, a tracker or a result with no
  // match keeps the toolbar, so the filter can be changed back.
  const filtered = trackerId !== undefined || result !== undefined;
  const noRecordingsAtAll = data !== undefined && data.total === 0 && q === '' && !filtered;
  const { sending } = upload.flow;
  const overlayLabel = sending
    ? t(sending.cancellable ? 'recordings.upload.sending' : 'recordings.upload.importingUrl')
    : t(
        downloads.active?.kind === 'export'
          ? 'recordings.download.exporting'
          : 'recordings.download.downloading',
      );

  let content;
  if (!data && list.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner
          className="size-8 text-indigo-600 dark:text-indigo-400"
          label={t('recordings.list.loading')}
        />
      </div>
    );
  } else if (!data) {
    content = (
      <Alert tone="error">
        <p>{t('recordings.list.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
          {t('recordings.list.tryAgain')}
        </Button>
      </Alert>
    );
  } else if (data.items.length === 0) {
    content = (
      // Nothing matched: the search when there is one (clearing it keeps the filters), else the
      // tracker, else the result.
      <EmptyState
        icon={MagnifyingGlassIcon}
        title={t(
          q
            ? 'recordings.list.noMatch'
            : trackerId !== undefined
              ? 'recordings.list.noTrackerMatch'
              : 'recordings.list.noResultMatch',
        )}
        description={t(
          q
            ? 'recordings.list.noMatchHint'
            : trackerId !== undefined
              ? 'recordings.list.noTrackerMatchHint'
              : 'recordings.list.noResultMatchHint',
        )}
        action={
          <Button variant="secondary" onClick={() => (q ? search.setDraft('') : search.clearFilters())}>
            {t(q ? 'recordings.list.clearSearch' : 'recordings.list.showAll')}
          </Button>
        }
      />
    );
  } else {
    const from = (data.page - 1) * data.pageSize + 1;
    content = (
      <>
        {/* A table from the sm breakpoint up; on a phone, cards that need no sideways scrolling. */}
        <List
          items={data.items}
          sort={sort}
          onToggleSort={search.toggleSort}
          onDownload={(item) => void downloads.download(item)}
          onRetry={(id) => retry.mutate(id)}
          retryingId={retry.isPending ? (retry.variables ?? null) : null}
        />
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t('recordings.list.summary', {
              from,
              to: from + data.items.length - 1,
              // A capped count is a floor: "10,000+".
              total: `${new Intl.NumberFormat(i18n.resolvedLanguage).format(data.total)}${data.totalCapped ? '+' : ''}`,
            })}
          </p>
          {/* The URL's page, so the control answers at once while the page loads. */}
          <Pagination
            page={Math.min(page, data.pageCount)}
            pageCount={data.pageCount}
            onPageChange={goToPage}
          />
        </div>
      </>
    );
  }

  return (
    <div className="space-y-6">
      {noRecordingsAtAll ? (
        <RecordingsEmpty onImport={openImport} />
      ) : (
        <>
          <RecordingsToolbar
            search={search.draft}
            onSearchChange={search.setDraft}
            trackerId={trackerId}
            onTrackerChange={search.setTracker}
            result={result}
            onResultChange={search.setResult}
            onExport={() => void downloads.exportRecordings({ search: q, trackerId, result })}
            exporting={downloads.active?.kind === 'export'}
            onImport={openImport}
          />
          {content}
        </>
      )}

      <ImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        source={source}
        onSourceChange={setSource}
        locations={locations.data ?? []}
        onSubmit={(values) => {
          setImportOpen(false);
          upload.submit(values);
        }}
      />
      <LoadingOverlay
        open={sending !== null || downloads.active !== null}
        label={overlayLabel}
        percent={sending ? sending.percent : downloads.active?.percent}
        onCancel={sending ? (sending.cancellable ? upload.cancel : undefined) : downloads.cancel}
        cancelLabel={t(sending ? 'recordings.upload.cancel' : 'recordings.download.cancel')}
      />
      <UploadSuccessDialog open={upload.flow.successOpen} onClose={upload.closeSuccess} />
      <UploadFailedDialog failure={upload.flow.failure} onClose={upload.closeFailure} />
      <ErrorDialog
        open={downloads.failure !== null}
        onClose={downloads.clearFailure}
        title={t(
          downloads.failure?.kind === 'export'
            ? 'recordings.download.exportFailedTitle'
            : 'recordings.download.failedTitle',
        )}
        text={t(
          downloads.failure?.kind === 'export'
            ? 'recordings.download.exportFailedText'
            : 'recordings.download.failedText',
        )}
        error={downloads.failure?.error}
      />
      <ErrorDialog
        open={retry.isError}
        onClose={() => retry.reset()}
        title={t('recordings.retry.failedTitle')}
        text={t('recordings.retry.failedText')}
        error={retry.error}
      />
      {upload.flow.trackedId !== null && (
        <UploadProgressModal
          key={upload.flow.trackedId}
          id={upload.flow.trackedId}
          onClose={upload.stopTracking}
        />
      )}
    </div>
  );
}
