import type { SyncErrorKind, SyncRun } from '@call-insights/contracts/crm';
import { CalendarDaysIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { enUS, fr } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { currentLanguage } from '../../../lib/i18n';
import { rangeLabel, syncView, type DayRange } from '../utils/sync-range';

function pickerLocale() {
  return currentLanguage() === 'fr' ? fr : enUS;
}

type SyncRangeDialogProps = {
  /** The location whose calls to sync; null keeps the dialog closed. */
  target: { name: string } | null;
  onClose: () => void;
  /** "Sync Calls": the dialog closes and the sync starts with the range (undefined = last 30 days). */
  onSync: (range: DayRange | undefined) => void;
};

/**
 * The "Sync Calls" date dialog (spec 2): a range picker that cannot reach past today, its button
 * reading "Pick a date" or the chosen range; Reset clears it, Select Range closes the calendar,
 * Sync Calls starts the sync.
 */
export function SyncRangeDialog({ target, onClose, onSync }: SyncRangeDialogProps) {
  const { t } = useTranslation('crm');
  const [range, setRange] = useState<DayRange | undefined>();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const locale = pickerLocale();
  const today = new Date();
  const label = rangeLabel(range, locale);

  const close = () => {
    setRange(undefined);
    setCalendarOpen(false);
    onClose();
  };
  const sync = () => {
    const chosen = range;
    setRange(undefined);
    setCalendarOpen(false);
    onSync(chosen);
  };

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      title={t('sync.rangeTitle')}
      description={t('sync.rangeText')}
      actions={
        <>
          <Button onClick={sync}>{t('sync.syncCalls')}</Button>
          <Button variant="secondary" onClick={() => setCalendarOpen(false)} disabled={!calendarOpen}>
            {t('sync.selectRange')}
          </Button>
          <Button variant="secondary" onClick={() => setRange(undefined)}>
            {t('sync.reset')}
          </Button>
        </>
      }
    >
      <div className="mt-4 space-y-3">
        {target && <p className="text-sm/6 text-gray-700 dark:text-gray-300">{t('sync.rangeFor', target)}</p>}
        <button
          type="button"
          aria-expanded={calendarOpen}
          aria-controls="sync-range-calendar"
          onClick={() => setCalendarOpen((open) => !open)}
          className={cn(
            'inline-flex w-full items-center gap-x-2 rounded-md px-3 py-2 text-left text-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:ring-white/10 dark:hover:bg-white/5',
            label ? 'text-gray-900 dark:text-white' : 'text-gray-500 dark:text-gray-400',
          )}
        >
          <CalendarDaysIcon aria-hidden="true" className="size-5 text-gray-400" />
          {label ?? t('sync.pickDate')}
        </button>
        {calendarOpen && (
          <div id="sync-range-calendar" className="flex justify-center">
            <DayPicker
              mode="range"
              selected={range}
              onSelect={setRange}
              disabled={{ after: today }}
              endMonth={today}
              defaultMonth={range?.from ?? today}
              locale={locale}
              aria-label={t('sync.calendar')}
              className="text-sm text-gray-900 [--rdp-accent-background-color:var(--color-indigo-100)] [--rdp-accent-color:var(--color-indigo-600)] dark:text-gray-100"
            />
          </div>
        )}
      </div>
    </Dialog>
  );
}

type SyncProgressDialogProps = {
  open: boolean;
  name: string;
  run: SyncRun | undefined;
  /** A failure before there was a run to read (LocationNotFound, a refused start). */
  failure: SyncErrorKind | null;
  /** The server's words for a refused start (a sync already running), shown instead of the kind's. */
  refusal?: string | null;
  /** The run could not be read. */
  pollFailed: boolean;
  onClose: () => void;
};

/** The sync progress dialog: every state text of the spec, the counts, and the end. */
export function SyncProgressDialog({
  open,
  name,
  run,
  failure,
  refusal,
  pollFailed,
  onClose,
}: SyncProgressDialogProps) {
  const { t } = useTranslation('crm');
  const navigate = useNavigate();
  const view = syncView(run, failure, pollFailed);
  const text =
    view.state !== 'Error'
      ? t(`sync.state.${view.state}`)
      : (refusal ?? t(`sync.error.${view.errorKind ?? 'Unknown'}`));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('sync.progressTitle', { name })}
      tone={view.state === 'Error' ? 'error' : view.state === 'Success' ? 'success' : 'info'}
      actions={
        <>
          {view.state === 'Error' && view.errorKind === 'AccessToken' && (
            <Button onClick={() => void navigate(paths.main.account.getHref())}>
              {t('sync.returnToAccount')}
            </Button>
          )}
          {/* The dialog may be closed at any time: the sync goes on on the server. */}
          <Button variant={view.ended ? 'primary' : 'secondary'} onClick={onClose}>
            {t('sync.close')}
          </Button>
        </>
      }
    >
      <div className="mt-3 space-y-3" aria-live="polite">
        {view.ended ? (
          <p
            className={cn(
              'text-sm/6',
              view.state === 'Error' ? 'text-red-700 dark:text-red-400' : 'text-gray-800 dark:text-gray-200',
            )}
          >
            {text}
          </p>
        ) : (
          <p className="flex items-center gap-x-2 text-sm/6 text-gray-800 dark:text-gray-200">
            <Spinner className="size-5 text-indigo-600 dark:text-indigo-400" />
            {text}
          </p>
        )}
        {run && !failure && (
          <p className="text-sm/6 text-gray-600 dark:text-gray-400">
            {t('sync.counts', {
              found: run.counts.found,
              imported: run.counts.imported,
              skipped: run.counts.skipped,
              failed: run.counts.failed,
            })}
          </p>
        )}
      </div>
    </Dialog>
  );
}
