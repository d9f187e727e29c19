/**
 * The sync-from-location date range (spec 2): no day after today, empty = the last 30 days (the
 * server's default), the picker's label as short month, two-digit day and year.
 */
import type { SyncErrorKind, SyncRun, SyncStartRequest, SyncState } from '@call-insights/contracts/crm';
import { endOfDay, format, isAfter, startOfDay, type Locale } from 'date-fns';

export type DayRange = { from: Date | undefined; to?: Date | undefined };

/** "Nov 05, 2026 - Nov 20, 2026", one day alone, or null when nothing is chosen. */
export function rangeLabel(range: DayRange | undefined, locale?: Locale): string | null {
  if (!range?.from) return null;
  const day = (date: Date) => format(date, 'MMM dd, y', locale ? { locale } : undefined);
  if (!range.to || range.to.getTime() === range.from.getTime()) return day(range.from);
  return `${day(range.from)} - ${day(range.to)}`;
}

/** True when any chosen day is after today (the picker prevents it; this guards the request). */
export function reachesFuture(range: DayRange | undefined, now: Date = new Date()): boolean {
  const lastDay = endOfDay(now);
  return [range?.from, range?.to].some((day) => day !== undefined && isAfter(day, lastDay));
}

/**
 * The window as the server takes it: the local start of the first day and the local end of the
 * last day, in epoch milliseconds (the spec's form). Nothing chosen → no dates (last 30 days).
 */
export function syncWindow(range: DayRange | undefined): Pick<SyncStartRequest, 'start_date' | 'end_date'> {
  if (!range?.from) return {};
  const last = range.to ?? range.from;
  return { start_date: startOfDay(range.from).getTime(), end_date: endOfDay(last).getTime() };
}

/** What the progress dialog shows: the run's state, or a failure before any run existed. */
export type SyncView = { state: SyncState; errorKind: SyncErrorKind | null; ended: boolean };

export function syncView(
  run: SyncRun | undefined,
  failure: SyncErrorKind | null,
  pollFailed: boolean,
): SyncView {
  if (failure) return { state: 'Error', errorKind: failure, ended: true };
  if (!run) {
    return pollFailed
      ? { state: 'Error', errorKind: 'Unknown', ended: true }
      : { state: 'Halt', errorKind: null, ended: false };
  }
  if (run.state === 'Error') return { state: 'Error', errorKind: run.errorKind ?? 'Unknown', ended: true };
  const ended = run.state === 'Success' || run.state === 'Timeout';
  return { state: run.state, errorKind: null, ended };
}
