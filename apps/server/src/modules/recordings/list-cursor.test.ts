import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { datePrefixRange } from './recordings.repository.js';

describe('list cursors', () => {
  it('round-trip a position to the microsecond', () => {
    const cursor = {
      key: { at: '2026-03-01 12:00:00.123456+00', id: 42 },
      direction: 'prev' as const,
      page: 7,
    };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const at of ['2024-02-29 23:59:59+15:59', '0999-12-31 14:41:01-12', '2026-03-01T12:00:00Z']) {
      expect(decodeCursor(encodeCursor({ ...cursor, key: { at, id: 1 } }))?.key.at).toBe(at);
    }
  });

  it('refuse anything this server did not issue', () => {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const raw of [
      'x y',
      'bm90IGpzb24',
      enc({ a: "2026-03-01'; drop table", i: 1, d: 'n', p: 1 }),
      enc({ a: '2026-03-01 12:00:00+00', i: -1, d: 'n', p: 1 }),
      enc({ a: '2026-03-01 12:00:00+00', i: 1, d: 'sideways', p: 1 }),
      enc({ a: '2026-03-01 12:00:00+00', i: 1, d: 'n', p: 0 }),
      // Shaped like a timestamp, but no instant PostgreSQL reads.
      enc({ a: '2026-02-30 00:00:00', i: 1, d: 'n', p: 2 }),
      enc({ a: '2026-13-01 00:00:00', i: 1, d: 'n', p: 2 }),
      enc({ a: '2026-03-00 00:00:00', i: 1, d: 'n', p: 2 }),
      enc({ a: '0000-01-01 00:00:00', i: 1, d: 'n', p: 2 }),
      enc({ a: '2026-03-01 24:00:00', i: 1, d: 'n', p: 2 }),
      enc({ a: '2026-03-01 12:60:00', i: 1, d: 'n', p: 2 }),
      enc({ a: '2026-03-01 12:00:60', i: 1, d: 'n', p: 2 }),
      enc({ a: '2026-03-01 12:00:00+99', i: 1, d: 'n', p: 2 }),
      enc({ a: '2026-03-01 12:00:00+05:60', i: 1, d: 'n', p: 2 }),
    ]) {
      expect(decodeCursor(raw)).toBeUndefined();
    }
  });
});

describe('datePrefixRange', () => {
  const range = (q: string) => {
    const r = datePrefixRange(q);
    return r && [r.from.toISOString(), r.to.toISOString()];
  };

  it('turns a leading part of the date text into its UTC range', () => {
    expect(range('2026')).toEqual(['2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(range('2026-12')).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(range('2026-02-28')).toEqual(['2026-02-28T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
    expect(range('2026-03-01 23')).toEqual(['2026-03-01T23:00:00.000Z', '2026-03-02T00:00:00.000Z']);
    expect(range('2026-03-01 23:59')).toEqual(['2026-03-01T23:59:00.000Z', '2026-03-02T00:00:00.000Z']);
    expect(range('2026-03-01 23:59:59')).toEqual(['2026-03-01T23:59:59.000Z', '2026-03-02T00:00:00.000Z']);
    expect(range('9998')).toEqual(['9998-01-01T00:00:00.000Z', '9999-01-01T00:00:00.000Z']);
  });

  it('leaves other fragments and impossible dates to the text search', () => {
    for (const q of [
      '2026-1',
      '14:05',
      '03/2026',
      '2026-13',
      '2026-02-30',
      '2026-03-01T10',
      '0999',
      '9999',
      '9999-12-31',
    ]) {
      expect(datePrefixRange(q)).toBeUndefined();
    }
  });
});
