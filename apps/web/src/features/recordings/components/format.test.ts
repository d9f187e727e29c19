import { describe, expect, it } from 'vitest';
import { EMPTY_CELL, formatDateTime, formatDuration, formatPhone, textCell } from './format';

describe('formatDuration', () => {
  it('shows seconds as hh:mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59)).toBe('00:00:59');
    expect(formatDuration(61.4)).toBe('00:01:01');
    expect(formatDuration(3723)).toBe('01:02:03');
    expect(formatDuration(360_000)).toBe('100:00:00');
  });

  it('shows a dash when the duration is unknown', () => {
    expect(formatDuration(null)).toBe(EMPTY_CELL);
    expect(formatDuration(undefined)).toBe(EMPTY_CELL);
    expect(formatDuration(Number.NaN)).toBe(EMPTY_CELL);
    expect(formatDuration(-1)).toBe(EMPTY_CELL);
  });
});

describe('formatPhone', () => {
  it('formats E.164 numbers internationally', () => {
    expect(formatPhone('+12133734253')).toBe('+1 213 373 4253');
    expect(formatPhone('+442079460018')).toBe('+44 20 7946 0018');
  });

  it('keeps unparsable text and dashes empty values', () => {
    expect(formatPhone('ext. 12')).toBe('ext. 12');
    expect(formatPhone(null)).toBe(EMPTY_CELL);
  });
});

describe('formatDateTime', () => {
  it('formats in the given language', () => {
    const iso = '2024-03-05T14:07:00Z';
    expect(formatDateTime(iso, 'en')).toMatch(/3\/5\/24/);
    expect(formatDateTime(iso, 'fr')).toMatch(/05\/03\/2024/);
  });

  it('dashes missing or invalid dates', () => {
    expect(formatDateTime(null, 'en')).toBe(EMPTY_CELL);
    expect(formatDateTime('not a date', 'en')).toBe(EMPTY_CELL);
  });
});

describe('textCell', () => {
  it('dashes empty text', () => {
    expect(textCell('Ada')).toBe('Ada');
    expect(textCell('  ')).toBe(EMPTY_CELL);
    expect(textCell(null)).toBe(EMPTY_CELL);
  });
});
