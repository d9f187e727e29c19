import { describe, expect, it } from 'vitest';
import { contactDisplayName, formatClock, formatDuration, formatPhoneNumber } from './format';

describe('formatDuration', () => {
  it('writes hh:mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(205)).toBe('00:03:25');
    expect(formatDuration(3723.9)).toBe('01:02:03');
    expect(formatDuration(36_000)).toBe('10:00:00');
  });

  it('is null when the duration is unknown', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
  });

  it('never goes below zero', () => {
    expect(formatDuration(-5)).toBe('00:00:00');
  });
});

describe('formatClock', () => {
  it('writes m:ss, or mm:ss when asked', () => {
    expect(formatClock(12.7)).toBe('0:12');
    expect(formatClock(725)).toBe('12:05');
    expect(formatClock(12, { padMinutes: true })).toBe('00:12');
    expect(formatClock(65, { padMinutes: true })).toBe('01:05');
  });

  it('adds hours past an hour', () => {
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(3723, { padMinutes: true })).toBe('1:02:03');
  });
});

describe('formatPhoneNumber', () => {
  it('formats E.164 numbers internationally', () => {
    expect(formatPhoneNumber('+14155550132')).toBe('+1 415 555 0132');
    expect(formatPhoneNumber('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('keeps what it cannot parse and drops blanks', () => {
    expect(formatPhoneNumber('ext. 12')).toBe('ext. 12');
    expect(formatPhoneNumber('  ')).toBeNull();
    expect(formatPhoneNumber(null)).toBeNull();
  });
});

describe('contactDisplayName', () => {
  const blank = { crm_contactName: null, crm_firstName: null, crm_lastName: null };

  it('prefers the CRM contact name, then first and last name', () => {
    expect(contactDisplayName({ ...blank, crm_contactName: 'Ada L.', crm_firstName: 'Ada' })).toBe('Ada L.');
    expect(contactDisplayName({ ...blank, crm_firstName: 'Ada', crm_lastName: 'Lovelace' })).toBe(
      'Ada Lovelace',
    );
    expect(contactDisplayName({ ...blank, crm_lastName: 'Lovelace' })).toBe('Lovelace');
  });

  it('is null without any name', () => {
    expect(contactDisplayName(blank)).toBeNull();
    expect(contactDisplayName({ ...blank, crm_contactName: ' ' })).toBeNull();
  });
});
