/**
 * Periods the assistant answers about ("today", "this week"…), turned into UTC instants in the
 * user's time zone: "today" is the user's calendar day, weeks start on Monday.
 */
import { addDays, localDate, safeTimezone, startOfLocalDay } from '../../../lib/time-zone.js';

export const PERIOD_KEYS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'last_7_days',
  'this_month',
  'last_month',
  'last_30_days',
  'last_90_days',
  'all_time',
] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

export type Period = { key: PeriodKey; from?: Date; to?: Date; timezone: string };

export function periodOf(key: PeriodKey, now: Date, timezone: string): Period {
  const tz = safeTimezone(timezone);
  const today = localDate(now, tz);
  const day = (offset: number) => startOfLocalDay(addDays(today, offset), tz);
  const weekday = (new Date(Date.UTC(today.y, today.m - 1, today.d)).getUTCDay() + 6) % 7; // Monday = 0
  switch (key) {
    case 'today':
      return { key, from: day(0), to: day(1), timezone: tz };
    case 'yesterday':
      return { key, from: day(-1), to: day(0), timezone: tz };
    case 'this_week':
      return { key, from: day(-weekday), to: day(7 - weekday), timezone: tz };
    case 'last_week':
      return { key, from: day(-weekday - 7), to: day(-weekday), timezone: tz };
    case 'last_7_days':
      return { key, from: day(-6), to: day(1), timezone: tz };
    case 'last_30_days':
      return { key, from: day(-29), to: day(1), timezone: tz };
    case 'last_90_days':
      return { key, from: day(-89), to: day(1), timezone: tz };
    case 'this_month': {
      const first = { y: today.y, m: today.m, d: 1 };
      const next = today.m === 12 ? { y: today.y + 1, m: 1, d: 1 } : { y: today.y, m: today.m + 1, d: 1 };
      return { key, from: startOfLocalDay(first, tz), to: startOfLocalDay(next, tz), timezone: tz };
    }
    case 'last_month': {
      const first = today.m === 1 ? { y: today.y - 1, m: 12, d: 1 } : { y: today.y, m: today.m - 1, d: 1 };
      return {
        key,
        from: startOfLocalDay(first, tz),
        to: startOfLocalDay({ y: today.y, m: today.m, d: 1 }, tz),
        timezone: tz,
      };
    }
    case 'all_time':
      return { key, timezone: tz };
  }
}
