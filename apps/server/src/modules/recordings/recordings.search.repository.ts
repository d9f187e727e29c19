/**
 * The recordings list's and export's SQL conditions besides the organization: the search text
 * (words, names, date text) or a day where the user is, the owner, the tracker and the result; and
 * the date text the search reads.
 */
import { and, or, sql, type SQL } from 'drizzle-orm';
import { analyses, recordings, trackerHits } from '../../db/schema.js';
import type { YMD } from '../../lib/time-zone.js';
import type { Language } from '../../i18n/translate.js';

/** `2026-11-22 06:33:59` in UTC: the list's date text, searchable as typed. */
export function formatDateTime(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Years a typed date or year is read as a date in (else the text is searched as text; no call was
 * made outside them anyway). The range's bounds go to PostgreSQL as `toISOString` writes them, and
 * for year 10000 that is "+010000-01-01…", which PostgreSQL refuses: so at most 9998, whose ranges
 * (a year, a day, a local day in any time zone) all end before 10000. At least 1000: `Date.UTC`
 * reads years 0–99 as 1900–1999 and PostgreSQL has no year 0.
 */
const isDateYear = (y: number) => y >= 1000 && y <= 9998;

/**
 * A whole date typed the way the list shows it in the reader's language ("11/27/26" or "11/27/2026"
 * in English, month first; "27/11/2026" or "27.11.26" in French, day first) or as "2026-11-27", or
 * undefined for any other search. A two-digit year is in this century; a day that does not exist
 * (30 February), or of a year outside `isDateYear`, is undefined.
 */
export function typedDay(q: string, lang: Language): YMD | undefined {
  const text = q.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text);
  const shown = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/u.exec(text);
  let day: YMD;
  if (iso) day = { y: Number(iso[1]), m: Number(iso[2]), d: Number(iso[3]) };
  else if (shown) {
    const [, first = '', second = '', yearText = ''] = shown;
    const [m, d] = lang === 'fr' ? [Number(second), Number(first)] : [Number(first), Number(second)];
    day = { y: yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText), m, d };
  } else return undefined;
  if (!isDateYear(day.y)) return undefined;
  const check = new Date(Date.UTC(day.y, day.m - 1, day.d));
  return check.getUTCFullYear() === day.y && check.getUTCMonth() === day.m - 1 && check.getUTCDate() === day.d
    ? day
    : undefined;
}

/** A date typed as the list shows it, as the date text the search reads ("2026-11-27"); else as typed. */
export function dateQueryAsIso(q: string, lang: Language): string {
  const day = typedDay(q, lang);
  if (!day || /^\d{4}-/u.test(q.trim())) return q;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.y}-${pad(day.m)}-${pad(day.d)}`;
}

/** Calls created in [from, to), ISO instants: a day where the user is (`typedDay` in their time zone). */
export type CreatedRange = { from: string; to: string };

/** Words of a search box as a prefix tsquery: "pric mon" → 'pric':* & 'mon':*. */
export function toPrefixTsQuery(q: string): string | undefined {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words
    .slice(0, 12)
    .map((w) => `'${w}':*`)
    .join(' & ');
}

/** Date and time fragments ("2026-03", "14:05") search the date text only: their digits would also
 * match unrelated words of the transcript vector. */
const DATE_LIKE = /^[\d\s:/.-]+$/;

/** A leading part of the date text "yyyy-MM-dd HH:mm:ss": year, month, day, hour, minute, second. */
const DATE_PREFIX = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?: (\d{2})(?::(\d{2})(?::(\d{2}))?)?)?)?)?$/;

/**
 * The created_at range whose date text starts with `q` ("2026-03" → March 2026, UTC), or undefined
 * when `q` is not such a prefix or names no real date. The date text starts with the only four
 * consecutive digits it has, so "contains 2026-03" and "starts with 2026-03" are the same test, and
 * the range lets the (organization_id, created_at) index answer it.
 */
export function datePrefixRange(q: string): { from: Date; to: Date } | undefined {
  const m = DATE_PREFIX.exec(q.trim());
  if (!m) return undefined;
  const parts = m.slice(1).map((v) => (v === undefined ? undefined : Number(v)));
  const [y = 0, mo, d, h, mi, sec] = parts;
  if (!isDateYear(y)) return undefined;
  const from = new Date(Date.UTC(y, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, sec ?? 0));
  // Month 13 or 30 February roll over in Date.UTC: such text never appears in a real date.
  if (formatDateTime(from).slice(0, q.trim().length) !== q.trim()) return undefined;
  const to = new Date(from);
  if (mo === undefined) to.setUTCFullYear(y + 1);
  else if (d === undefined) to.setUTCMonth(mo);
  else if (h === undefined) to.setUTCDate(d + 1);
  else if (mi === undefined) to.setUTCHours(h + 1);
  else if (sec === undefined) to.setUTCMinutes(mi + 1);
  else to.setUTCSeconds(sec + 1);
  return { from, to };
}

/**
 * How a list's values enter its SQL: as named placeholders of a statement built once per shape and
 * kept (`asPlaceholder`; the values go in at execute), or as parameters of a one-off query
 * (`asParam`). Either way the SQL text is the same.
 */
export type Bind = (name: string, value: unknown) => unknown;
export const asPlaceholder: Bind = (name) => sql.placeholder(name);
export const asParam: Bind = (_name, value) => value;

/**
 * A list's SQL condition, its shape (the condition's SQL text, which names prepared statements)
 * and the values of its placeholders. The condition is built when read: a list whose statement of
 * that shape is already prepared needs only the shape and the values.
 */
export type Filter = { readonly where: SQL; shape: string; values: Record<string, unknown> };

const filterOf = (shape: string, values: Record<string, unknown>, build: () => SQL): Filter => ({
  shape,
  values,
  get where() {
    return build();
  },
});

export function searchFilter(q: string | undefined, bind: Bind): Filter | undefined {
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (DATE_LIKE.test(q)) {
    const range = datePrefixRange(q);
    const text = () => sql`${recordings.createdText} ilike ${bind('like', like)}`;
    if (!range) return filterOf('datetext', { like }, text);
    // The range is what the index uses; the text test keeps the answer exactly "contains q".
    const from = range.from.toISOString();
    const to = range.to.toISOString();
    return filterOf('daterange', { like, from, to }, () =>
      and(
        sql`${recordings.createdAt} >= ${bind('from', from)}::timestamptz`,
        sql`${recordings.createdAt} < ${bind('to', to)}::timestamptz`,
        text(),
      )!,
    );
  }
  const tsq = toPrefixTsQuery(q);
  return filterOf(tsq ? 'words' : 'text', tsq ? { like, tsq } : { like }, () =>
    or(
      tsq ? sql`${recordings.search} @@ to_tsquery('simple', ${bind('tsq', tsq)})` : undefined,
      sql`${recordings.originalName} ilike ${bind('like', like)}`,
      sql`${recordings.createdText} ilike ${bind('like', like)}`,
    )!,
  );
}

/**
 * `filter` and one more condition on a placeholder `name` (statements get their own names by the
 * shape, `<name>_<shape>`); `filter` alone when `value` is undefined.
 */
function narrowed(
  filter: Filter | undefined,
  name: string,
  value: string | number | undefined,
  condition: (placeholder: unknown) => SQL,
  bind: Bind,
): Filter | undefined {
  if (value === undefined) return filter;
  const own = () => condition(bind(name, value));
  if (!filter) return filterOf(name, { [name]: value }, own);
  return filterOf(`${name}_${filter.shape}`, { ...filter.values, [name]: value }, () =>
    and(own(), filter.where)!,
  );
}

/** One owner's recordings. */
const ownedBy = (v: unknown) => sql`${recordings.userId} = ${v}`;
/** The calls that mention a tracker (read from the trackers module's mentions). */
const mentioning = (v: unknown) =>
  sql`exists (select 1 from ${trackerHits} where ${trackerHits.recordingId} = ${recordings.id} and ${trackerHits.trackerId} = ${v})`;
/** The calls whose analysis ended with a result (read from the analysis module's rows). */
const endedWith = (v: unknown) =>
  sql`exists (select 1 from ${analyses} where ${analyses.recordingId} = ${recordings.id} and ${analyses.resultClass} = ${v})`;

/** Calls created in a range (a day where the user is): what the (organization_id, created_at) index answers. */
function createdFilter(range: CreatedRange, bind: Bind): Filter {
  return filterOf('created', { from: range.from, to: range.to }, () =>
    and(
      sql`${recordings.createdAt} >= ${bind('from', range.from)}::timestamptz`,
      sql`${recordings.createdAt} < ${bind('to', range.to)}::timestamptz`,
    )!,
  );
}

/** The search's condition: a day where the user is when one was typed, else the search text. */
function queryFilter(opts: { q?: string; createdIn?: CreatedRange }, bind: Bind): Filter | undefined {
  return opts.createdIn ? createdFilter(opts.createdIn, bind) : searchFilter(opts.q, bind);
}

/** The list's condition besides the organization: search text or day, owner, tracker, result. */
export function listFilter(
  opts: { q?: string; createdIn?: CreatedRange; userId?: number; trackerId?: number; resultClass?: string },
  bind: Bind,
): Filter | undefined {
  const own = narrowed(queryFilter(opts, bind), 'owner', opts.userId, ownedBy, bind);
  const tracked = narrowed(own, 'tracker', opts.trackerId, mentioning, bind);
  return narrowed(tracked, 'result', opts.resultClass, endedWith, bind);
}
