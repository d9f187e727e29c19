/**
 * Owns the recordings list's opaque cursors: a position in the list order (the created_at of a row,
 * to the microsecond, as PostgreSQL prints it, and its id), which way to read from it, and the page
 * number the cursor leads to. Base64url JSON, so clients cannot build positions by hand by accident;
 * nothing in it is secret, and the tenancy filter applies to whatever it says.
 */
import { z } from 'zod';

export type ListKey = { at: string; id: number };
export type ListCursor = { key: ListKey; direction: 'next' | 'prev'; page: number };

/** A timestamp as PostgreSQL prints one: date, time to the microsecond, offset. */
const AT =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::?(\d{2}))?|Z)?$/;

/**
 * Whether a position's timestamp names a real instant, as PostgreSQL reads it: a day that exists
 * (its date rebuilt from its parts gives the same parts back: no 30 February, no month 13, no year
 * 0), a time of day up to 23:59:59, an offset within PostgreSQL's ±15:59. Anything else would reach
 * the query and fail there.
 */
function isRealTimestamp(text: string): boolean {
  const m = AT.exec(text);
  if (!m) return false;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, oh = 0, om = 0] = m
    .slice(1)
    .map((v) => (v === undefined ? 0 : Number(v)));
  const day = new Date(0);
  day.setUTCFullYear(y, mo - 1, d);
  const sameDay = day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
  return y >= 1 && sameDay && h <= 23 && mi <= 59 && sec <= 59 && oh <= 15 && om <= 59;
}

const CursorJson = z.object({
  a: z.string().max(40).refine(isRealTimestamp),
  i: z.number().int().positive().max(2_147_483_647),
  d: z.enum(['n', 'p']),
  p: z.number().int().min(1).max(10_000_000),
});

export function encodeCursor(cursor: ListCursor): string {
  const json = JSON.stringify({
    a: cursor.key.at,
    i: cursor.key.id,
    d: cursor.direction === 'next' ? 'n' : 'p',
    p: cursor.page,
  });
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** The cursor, or undefined when it is not one this server issued. */
export function decodeCursor(raw: string): ListCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = CursorJson.safeParse(value);
  if (!parsed.success) return undefined;
  const { a, i, d, p } = parsed.data;
  return { key: { at: a, id: i }, direction: d === 'n' ? 'next' : 'prev', page: p };
}
