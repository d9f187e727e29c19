/**
 * Owns the recordings list's opaque cursors: a position in the list order (the created_at of a row,
 * to the microsecond, as PostgreSQL prints it, and its id), which way to read from it, and the page
 * number the cursor leads to. Base64url JSON, so clients cannot build positions by hand by accident;
 * nothing in it is secret, and the tenancy filter applies to whatever it says.
 */
import { z } from 'zod';

export type ListKey = { at: string; id: number };
export type ListCursor = { key: ListKey; direction: 'next' | 'prev'; page: number };

const CursorJson = z.object({
  a: z
    .string()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/),
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
