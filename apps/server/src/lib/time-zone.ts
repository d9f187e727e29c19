/**
 * Calendar days in a user's time zone (IANA name, as the browser reports it), with the platform's
 * Intl only: the instant a local day starts, the local date of an instant. Used by the assistant's
 * periods and by the recordings search, where a typed date means that day where the user is.
 */

/** A time zone Intl knows, or UTC. */
export function safeTimezone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/**
 * A zone name both Intl and PostgreSQL read alike ("Europe/Paris", "UTC"), or UTC: a name of
 * letters, digits, `_ + -` and slashes that Intl knows. Offsets ("+05:00") are refused, as
 * PostgreSQL reads their sign the POSIX way (the opposite of ISO 8601).
 */
export function namedTimezone(tz: string | undefined): string {
  if (!tz || !/^[A-Za-z][\w+-]*(?:\/[\w+-]+)*$/.test(tz)) return 'UTC';
  return safeTimezone(tz);
}

/** A calendar date: year, month 1–12, day 1–31. */
export type YMD = { y: number; m: number; d: number };

/** The calendar date of an instant in a time zone. */
export function localDate(at: Date, timezone: string): YMD {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetMs(at: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant local midnight of a calendar date happens in a zone (DST-safe to the hour). */
export function startOfLocalDay(date: YMD, timezone: string): Date {
  const guess = Date.UTC(date.y, date.m - 1, date.d);
  const first = guess - offsetMs(new Date(guess), timezone);
  return new Date(guess - offsetMs(new Date(first), timezone));
}

export function addDays(date: YMD, days: number): YMD {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}
