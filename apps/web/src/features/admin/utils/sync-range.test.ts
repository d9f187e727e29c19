import type { SyncRun } from '@call-insights/contracts/crm';
import type { LocationSummary } from '@call-insights/contracts/locations';
import { fr } from 'date-fns/locale/fr';
import { describe, expect, it } from 'vitest';
import { latestByName } from '../api/locations';
import { rangeLabel, reachesFuture, syncView, syncWindow } from './sync-range';

describe('rangeLabel', () => {
  it('reads "Pick a date" (null) until a first day is chosen', () => {
    expect(rangeLabel(undefined)).toBeNull();
    expect(rangeLabel({ from: undefined })).toBeNull();
  });

  it('shows short month, two-digit day and year, one day or a range', () => {
    expect(rangeLabel({ from: new Date(2026, 10, 5) })).toBe('Nov 05, 2026');
    expect(rangeLabel({ from: new Date(2026, 10, 5), to: new Date(2026, 10, 5) })).toBe('Nov 05, 2026');
    expect(rangeLabel({ from: new Date(2026, 9, 28), to: new Date(2026, 10, 5) })).toBe(
      'Oct 28, 2026 - Nov 05, 2026',
    );
  });

  it('follows the interface language', () => {
    expect(rangeLabel({ from: new Date(2026, 1, 3) }, fr)).toBe('févr. 03, 2026');
  });
});

describe('syncWindow', () => {
  it('sends no dates for an empty range: the server syncs the last 30 days', () => {
    expect(syncWindow(undefined)).toEqual({});
    expect(syncWindow({ from: undefined })).toEqual({});
  });

  it('spans the local start of the first day to the local end of the last, in epoch ms', () => {
    const window = syncWindow({ from: new Date(2026, 10, 5, 15, 30), to: new Date(2026, 10, 7, 9) });
    expect(window.start_date).toBe(new Date(2026, 10, 5, 0, 0, 0, 0).getTime());
    expect(window.end_date).toBe(new Date(2026, 10, 7, 23, 59, 59, 999).getTime());
  });

  it('takes one chosen day as a whole day', () => {
    const window = syncWindow({ from: new Date(2026, 10, 5, 12) });
    expect(window).toEqual({
      start_date: new Date(2026, 10, 5).getTime(),
      end_date: new Date(2026, 10, 5, 23, 59, 59, 999).getTime(),
    });
  });
});

describe('reachesFuture', () => {
  const now = new Date(2026, 10, 22, 10);
  it('accepts today and earlier days', () => {
    expect(reachesFuture({ from: new Date(2026, 10, 1), to: new Date(2026, 10, 22, 23) }, now)).toBe(false);
  });
  it('refuses a day after today', () => {
    expect(reachesFuture({ from: new Date(2026, 10, 1), to: new Date(2026, 10, 23) }, now)).toBe(true);
  });
});

const run = (state: SyncRun['state'], errorKind: SyncRun['errorKind'] = null): SyncRun => ({
  id: 1,
  location: { id: 1, name: 'A' },
  kind: 'manual',
  state,
  errorKind,
  message: '',
  counts: { found: 0, imported: 0, skipped: 0, noRecording: 0, failed: 0 },
  startDate: '2026-10-23T00:00:00.000Z',
  endDate: '2026-11-22T00:00:00.000Z',
  createdAt: '2026-11-22T10:00:00.000Z',
  finishedAt: null,
});

describe('syncView', () => {
  it('shows Halt ("Finding Location") before the run is known', () => {
    expect(syncView(undefined, null, false)).toEqual({ state: 'Halt', errorKind: null, ended: false });
  });
  it('ends on Success and Timeout, goes on through AccessToken and CallInfo', () => {
    expect(syncView(run('AccessToken'), null, false).ended).toBe(false);
    expect(syncView(run('CallInfo'), null, false).ended).toBe(false);
    expect(syncView(run('Success'), null, false).ended).toBe(true);
    expect(syncView(run('Timeout'), null, false).ended).toBe(true);
  });
  it('an error kind of the run or a failure before it is an ended Error', () => {
    expect(syncView(run('Error', 'MaxCallExcided'), null, false)).toEqual({
      state: 'Error',
      errorKind: 'MaxCallExcided',
      ended: true,
    });
    expect(syncView(undefined, 'LocationNotFound', false).errorKind).toBe('LocationNotFound');
    expect(syncView(run('Error'), null, false).errorKind).toBe('Unknown');
    expect(syncView(undefined, null, true).errorKind).toBe('Unknown');
  });
});

describe('latestByName', () => {
  const location = (id: number, name: string, updatedAt: string): LocationSummary => ({
    id,
    name,
    updatedAt,
    active: true,
    location_id: `loc-${id}`,
    companyId: null,
    source: 'Sandbox CRM',
    install: 'Location',
    needs_reconnect: false,
  });

  it('keeps one row per exact name, the latest updatedAt', () => {
    const rows = latestByName([
      location(1, 'Downtown Dental', '2026-11-01T10:00:00.000Z'),
      location(2, 'Downtown Dental', '2026-11-20T10:00:00.000Z'),
      location(3, 'downtown dental', '2026-10-01T10:00:00.000Z'),
      location(4, 'Downtown Dental', '2026-11-05T10:00:00.000Z'),
    ]);
    expect(rows.map((row) => [row.id, row.name])).toEqual([
      [2, 'Downtown Dental'],
      [3, 'downtown dental'],
    ]);
  });
});
