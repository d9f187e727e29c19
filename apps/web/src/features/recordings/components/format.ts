import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Shown in a cell whose value is unknown. */
export const EMPTY_CELL = '—';

/** Seconds as hh:mm:ss (hours grow past 99 if need be); null or invalid → "—". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0)
    return EMPTY_CELL;
  const total = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** An E.164 number in international format ("+1 213 373 4253"); unparsable text is shown as is. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return EMPTY_CELL;
  return parsePhoneNumberFromString(value)?.formatInternational() ?? value;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date and time in the user's language; an invalid date → "—". */
export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return EMPTY_CELL;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY_CELL;
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
    formatters.set(language, formatter);
  }
  return formatter.format(date);
}

/** A text cell: the value, or "—" when empty. */
export function textCell(value: string | null | undefined): string {
  return value && value.trim() ? value : EMPTY_CELL;
}
