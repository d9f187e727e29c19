/** Formatting shared by the call analysis and share pages: durations, clock times, phone numbers, names. */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

const pad = (value: number) => String(value).padStart(2, '0');

function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

/** A call length as hh:mm:ss (00:03:25); null when the duration is unknown. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  const total = wholeSeconds(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(total % 60)}`;
}

/**
 * A position in the call: m:ss (0:12, 12:05), or h:mm:ss past an hour. With `padMinutes` the
 * minutes take two digits (00:12), as in the dialogue's time stamps.
 */
export function formatClock(seconds: number, { padMinutes = false } = {}): string {
  const total = wholeSeconds(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = pad(total % 60);
  if (hours > 0) return `${hours}:${pad(minutes)}:${rest}`;
  return `${padMinutes ? pad(minutes) : minutes}:${rest}`;
}

/** An E.164 number in international format (+1 415 555 0132); anything unparsable is kept as given. */
export function formatPhoneNumber(value: string | null | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  const parsed = parsePhoneNumberFromString(raw);
  return parsed?.isPossible() ? parsed.formatInternational() : raw;
}

type ContactFields = {
  crm_contactName: string | null;
  crm_firstName: string | null;
  crm_lastName: string | null;
};

/** The CRM contact name, else first and last name; null when the call has no known contact. */
export function contactDisplayName(record: ContactFields): string | null {
  const contactName = record.crm_contactName?.trim();
  if (contactName) return contactName;
  const parts = [record.crm_firstName, record.crm_lastName].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}
