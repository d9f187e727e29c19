/** Owns the SQL of recordings: tenant-scoped reads, search, export (COPY or keyset batches), pipeline state. */
import type { StoredMessage } from '../../errors.js';
import type { Readable } from 'node:stream';
import {
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  inArray,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type pg from 'pg';
import type { ArrayQuery, Db } from '../../db/client.js';
import { copyCsvOut, inlineParams } from '../../db/copy-out.js';
import {
  analyses,
  locations,
  recordingCounts,
  recordings,
  trackerHits,
  users,
  type RecordingStatus,
} from '../../db/schema.js';
import { EXPORT_COLUMNS, type ExportKey } from '@call-insights/contracts/recordings';
import { csvLine } from '../../lib/csv.js';
import type { ListKey } from './list-cursor.js';

export type RecordingRow = typeof recordings.$inferSelect;
export type NewRecording = typeof recordings.$inferInsert;

/** `2026-11-22 06:33:59` in UTC: the list's date text, searchable as typed. */
export function formatDateTime(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

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
  if (y < 1000) return undefined;
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
type Bind = (name: string, value: unknown) => unknown;
const asPlaceholder: Bind = (name) => sql.placeholder(name);
const asParam: Bind = (_name, value) => value;

/**
 * A list's SQL condition, its shape (the condition's SQL text, which names prepared statements)
 * and the values of its placeholders. The condition is built when read: a list whose statement of
 * that shape is already prepared needs only the shape and the values.
 */
type Filter = { readonly where: SQL; shape: string; values: Record<string, unknown> };

const filterOf = (shape: string, values: Record<string, unknown>, build: () => SQL): Filter => ({
  shape,
  values,
  get where() {
    return build();
  },
});

function searchFilter(q: string | undefined, bind: Bind): Filter | undefined {
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

/** Narrows a list to one owner's recordings (statements get their own names by the shape). */
function withOwner(filter: Filter | undefined, userId: number | undefined, bind: Bind): Filter | undefined {
  if (userId === undefined) return filter;
  const owner = () => sql`${recordings.userId} = ${bind('owner', userId)}`;
  if (!filter) return filterOf('own', { owner: userId }, owner);
  return filterOf(`own_${filter.shape}`, { ...filter.values, owner: userId }, () =>
    and(owner(), filter.where)!,
  );
}

/** Narrows a list to the calls that mention a tracker (read from the trackers module's mentions). */
function withTracker(
  filter: Filter | undefined,
  trackerId: number | undefined,
  bind: Bind,
): Filter | undefined {
  if (trackerId === undefined) return filter;
  const mentions = () =>
    sql`exists (select 1 from ${trackerHits} where ${trackerHits.recordingId} = ${recordings.id} and ${trackerHits.trackerId} = ${bind('tracker', trackerId)})`;
  if (!filter) return filterOf('tracker', { tracker: trackerId }, mentions);
  return filterOf(`tracker_${filter.shape}`, { ...filter.values, tracker: trackerId }, () =>
    and(mentions(), filter.where)!,
  );
}

/** The list's condition besides the organization: search text, owner, tracker. */
function listFilter(
  opts: { q?: string; userId?: number; trackerId?: number },
  bind: Bind,
): Filter | undefined {
  return withTracker(withOwner(searchFilter(opts.q, bind), opts.userId, bind), opts.trackerId, bind);
}

/** Past this many matches a search shows "10,000+" (the spec's list is paged by ten). */
export const COUNT_CAP = 10_000;
/** Searches kept in memory per process (their matching ids, at most COUNT_CAP each). */
const MATCH_CACHE_ENTRIES = 200;

/**
 * Deep unfiltered pages by number start from anchors: keys of the list order every `every` rows
 * (at least ANCHOR_EVERY apart, at most ANCHOR_KEYS of them per organization and order).
 */
const ANCHOR_EVERY = 100;
const ANCHOR_KEYS = 2_000;
/** Offsets of unfiltered walks up to this are written in the SQL (a statement each, per connection). */
const WRITTEN_OFFSET_MAX = 100;
/** Organizations (times two orders) whose anchors are kept in memory per process. */
const ANCHOR_ENTRIES = 100;

/** Keys of an organization's unfiltered list order: `keys[k - 1]` is the row at 0-based position k × every − 1. */
type Anchors = { version: string; every: number; keys: ListKey[] };

/** Where a list page starts: a page number (offset) or a cursor position. */
export type ListPosition =
  { kind: 'page'; page: number } | { kind: 'after' | 'before'; key: ListKey; page: number };

export type ListPage = {
  rows: (RecordingListRow & { cursorAt: string })[];
  total: number;
  capped: boolean;
  page: number;
  hasNext: boolean;
  hasPrev: boolean;
};

/** A search's matches as of one version of the organization's recordings. */
type MatchEntry = {
  version: string;
  total: number;
  capped: boolean;
  /**
   * Matching ids, newest first: all of them, or the newest COUNT_CAP when the search is capped (its
   * first pages are then read by id like a narrow search's; past them it walks the date index).
   */
  ids: Int32Array;
};

async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

/** created_at as PostgreSQL prints it (microseconds kept): a cursor position that compares exactly. */
const cursorAt = sql<string>`${recordings.createdAt}::text`;

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`), written by PostgreSQL. */
const isoText = (col: typeof recordings.createdAt | typeof recordings.dateAdded) =>
  sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A row of the list: what the API shows of a recording, its dates already as ISO 8601 text. */
export type RecordingListRow = {
  id: number;
  createdAt: string;
  dateAdded: string;
  originalName: string;
  crmMessageId: string | null;
  crmContactId: string | null;
  crmFirstName: string | null;
  crmLastName: string | null;
  crmContactName: string | null;
  crmEmail: string | null;
  phoneNumber: string | null;
  numSpeakers: number;
  durationSec: number | null;
  locationId: number | null;
  locationName: string | null;
  source: RecordingRow['source'];
  status: RecordingRow['status'];
  progress: number;
  error: string | null;
  errorDetail: RecordingRow['errorDetail'];
};

/** Who and what an export covers besides the organization: the owner (role `user`), the search. */
export type ExportScope = { q?: string; userId?: number };

const NONE = sql<null>`null::text`;
const DATE_KEYS = new Set<ExportKey>(['created_at', 'last_activity_date']);

/** The export's values by column, as text PostgreSQL formats (dates in UTC, the rating as digits). */
function exportValues() {
  const utc = (col: typeof recordings.createdAt | typeof recordings.updatedAt) =>
    sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
  return {
    created_at: utc(recordings.createdAt),
    transcription_text: recordings.transcriptText,
    user: sql<
      string | null
    >`nullif(concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')), '')`,
    file_url: sql<string>`coalesce(${recordings.sourceUrl}, ${recordings.originalName})`,
    first_name: recordings.crmFirstName,
    last_name: recordings.crmLastName,
    account_name: sql<string | null>`${locations.name}`,
    phone_number: recordings.phoneNumber,
    email: recordings.crmEmail,
    industry: NONE,
    sub_industry: NONE,
    location_id: sql<string | null>`${locations.crmLocationId}`,
    contact_id: recordings.crmContactId,
    source: recordings.source,
    targeting: NONE,
    content: NONE,
    last_activity_date: utc(recordings.updatedAt),
    rating: sql<string | null>`${analyses.leadScore}::text`,
    summary: sql<string | null>`${analyses.data} ->> 'call_summary'`,
  } satisfies Record<ExportKey, SQLWrapper>;
}

/**
 * A text value as csvCell leaves it before quoting, in SQL: an apostrophe before a leading = + - @,
 * tab or carriage return (ascii() reads the first character: 9 13 43 45 61 64), and an empty text as
 * NULL (both are an empty cell, but COPY would write the empty text as "").
 */
function csvSafe(value: SQLWrapper): SQL<string | null> {
  // The value in parentheses: `'''' || data ->> 'key'` would read as `('''' || data) ->> 'key'`.
  return sql`case when ascii(${value}) in (9, 13, 43, 45, 61, 64) then '''' || (${value}) else nullif(${value}, '') end`;
}

/** The export's rows: the organization's, the owner's when set, matching the search. */
function exportWhere(organizationId: number, opts: ExportScope): SQL {
  return and(
    eq(recordings.organizationId, organizationId),
    opts.userId === undefined ? undefined : eq(recordings.userId, opts.userId),
    searchFilter(opts.q, asParam)?.where,
  )!;
}

/**
 * The list row's values in RecordingListRow's order and its cursor position last, written by
 * PostgreSQL as one JSON array: the driver and Drizzle handle one value per row instead of 21 (their
 * per-field parsing and mapping cost a list request more than PostgreSQL's run of it), and the
 * dates arrive as the text the answer carries.
 */
const listRowJson = sql<unknown>`json_build_array(${recordings.id}, ${isoText(recordings.createdAt)},
  ${isoText(recordings.dateAdded)}, ${recordings.originalName}, ${recordings.crmMessageId},
  ${recordings.crmContactId}, ${recordings.crmFirstName}, ${recordings.crmLastName},
  ${recordings.crmContactName}, ${recordings.crmEmail}, ${recordings.phoneNumber}, ${recordings.numSpeakers},
  ${recordings.durationSec}, ${recordings.locationId}, ${locations.name}, ${recordings.source},
  ${recordings.status}, ${recordings.progress}, ${recordings.error}, ${recordings.errorDetail}, ${cursorAt})`;

type ListRowValues = [
  number,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  number | null,
  number | null,
  string | null,
  RecordingRow['source'],
  RecordingRow['status'],
  number,
  string | null,
  RecordingRow['errorDetail'],
  string,
];

/** A list row from its JSON array (parsed by the driver; text if a driver leaves json unparsed). */
function fromListJson(value: unknown): RecordingListRow & { cursorAt: string } {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as ListRowValues;
  return {
    id: v[0],
    createdAt: v[1],
    dateAdded: v[2],
    originalName: v[3],
    crmMessageId: v[4],
    crmContactId: v[5],
    crmFirstName: v[6],
    crmLastName: v[7],
    crmContactName: v[8],
    crmEmail: v[9],
    phoneNumber: v[10],
    numSpeakers: v[11],
    durationSec: v[12],
    locationId: v[13],
    locationName: v[14],
    source: v[15],
    status: v[16],
    progress: v[17],
    error: v[18],
    errorDetail: v[19],
    cursorAt: v[20],
  };
}

export function createRecordingsRepository(
  db: Db,
  opts: {
    countCap?: number;
    /** PostgreSQL's pool: the CSV export is one COPY on a client of it (PGlite: keyset batches). */
    copyPool?: pg.Pool;
    /** Exports by COPY at once (default half the pool); past it an export reads keyset batches. */
    copyLimit?: number;
    anchorEvery?: number;
    /** Runs the list's page statements through the driver (Database.queryArrays); Drizzle's otherwise. */
    queryArrays?: ArrayQuery;
  } = {},
) {
  const countCap = opts.countCap ?? COUNT_CAP;
  const copyPool = opts.copyPool;
  // A COPY holds its client until the download ends, however slow the client: half the pool at
  // most, so exports never starve the other requests (the batches give their client back each time).
  const copyLimit = opts.copyLimit ?? Math.max(1, Math.floor((copyPool?.options.max ?? 10) / 2));
  let copies = 0;
  const anchorEvery = opts.anchorEvery ?? ANCHOR_EVERY;
  const queryArrays = opts.queryArrays;

  /**
   * A list statement built once: Drizzle's prepared statement, or (given queryArrays) its SQL run
   * by name through the driver, each row's values put back under the selection's keys. Measured,
   * Drizzle's execute (its wrappers, placeholder filling and per-field mapping) cost a list page
   * about a third of the driver's own work. The columns of these statements need no mapping: a
   * JSON value, integers and text.
   */
  function statement<T extends Record<string, unknown>>(
    name: string,
    query: {
      toSQL(): { sql: string; params: unknown[] };
      prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T[]> };
    },
    keys: (keyof T & string)[],
  ): (values: Record<string, unknown>) => Promise<T[]> {
    if (!queryArrays) {
      const prepared = query.prepare(name);
      return (values) => prepared.execute(values);
    }
    const { sql: text, params } = query.toSQL();
    return async (values) => {
      const rows = await queryArrays(name, text, fillPlaceholders(params, values));
      return rows.map((values) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i];
        return row as T;
      });
    };
  }

  /** Search matches by organization and search text; each entry is only used at its own version. */
  const matchCache = new Map<string, MatchEntry>();

  // The organization's id and every other value of a list query are placeholders: each statement
  // is built once per shape (Drizzle's query building cost more than PostgreSQL's run of it).
  const org = sql.placeholder('org');
  const versionOf = (organizationId: unknown) =>
    sql<
      string | null
    >`(select ${recordingCounts.version}::text from ${recordingCounts} where ${recordingCounts.organizationId} = ${organizationId})`;

  const counterQuery = db
    .select({ total: recordingCounts.total, version: sql<string>`${recordingCounts.version}::text` })
    .from(recordingCounts)
    .where(eq(recordingCounts.organizationId, org))
    .prepare('list_counter');

  async function readCounter(organizationId: number): Promise<{ total: number; version: string }> {
    const [row] = await counterQuery.execute({ org: organizationId });
    return { total: row?.total ?? 0, version: row?.version ?? '0' };
  }

  type WalkRead = { asc: boolean; after?: ListKey; offset?: number; limit: number };

  const tenant = eq(recordings.organizationId, org);
  const at = sql.placeholder('at');
  const id = sql.placeholder('id');
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');

  /** The statement of one page of a date-index walk with the counter read alongside, by shape. */
  function buildWalk(
    name: string,
    filter: SQL | undefined,
    read: {
      asc: boolean;
      after: boolean;
      deferred: boolean;
      offset: boolean;
      fixedLimit?: number;
      fixedOffset?: number;
    },
  ) {
    // Drizzle's limit() and offset() inline SQL at run time; their types only name number | Placeholder.
    const written = (n: number) => sql.raw(String(n)) as unknown as number;
    const limitSql = read.fixedLimit === undefined ? limit : written(read.fixedLimit);
    const offsetSql = read.fixedOffset === undefined ? offset : written(read.fixedOffset);
    const keyset = read.after
      ? read.asc
        ? sql`(${recordings.createdAt}, ${recordings.id}) > (${at}::timestamptz, ${id})`
        : sql`(${recordings.createdAt}, ${recordings.id}) < (${at}::timestamptz, ${id})`
      : undefined;
    const order = read.asc
      ? [asc(recordings.createdAt), asc(recordings.id)]
      : [desc(recordings.createdAt), desc(recordings.id)];
    // Deep offsets (page numbers typed by hand) skip through the index alone, then fetch one page.
    const deferred = read.deferred
      ? inArray(
          recordings.id,
          db
            .select({ id: recordings.id })
            .from(recordings)
            .where(and(tenant, filter, keyset))
            .orderBy(...order)
            .limit(limitSql)
            .offset(offsetSql),
        )
      : undefined;
    const query = db
      .select({
        row: listRowJson,
        orgTotal: sql<
          number | null
        >`(select ${recordingCounts.total} from ${recordingCounts} where ${recordingCounts.organizationId} = ${org})`,
        version: versionOf(org),
      })
      .from(recordings)
      .leftJoin(locations, eq(locations.id, recordings.locationId))
      .where(and(tenant, filter, keyset, deferred))
      .orderBy(...order)
      .limit(limitSql);
    return statement(name, read.offset ? query.offset(offsetSql) : query, ['row', 'orgTotal', 'version']);
  }
  const walkQueries = new Map<string, ReturnType<typeof buildWalk>>();

  /** Rows of one page of a date-index walk, plus the counter read in the same statement. */
  async function walk(organizationId: number, search: Filter | undefined, read: WalkRead) {
    const offset = read.offset ?? 0;
    // Skipped rows are skipped in the index alone, then one page is fetched: unfiltered, from any
    // offset (a deep page from its anchor skips fewer than `every` entries, and fetching each
    // skipped row with its location cost five times the page); searched, past deep offsets only
    // (the filter needs the rows).
    const deferred = search ? offset > 1_000 : offset > 0;
    // The unfiltered walk (page 1, every cursor page, a deep page from its anchor) has its limit
    // written in the SQL: with a parameter there PostgreSQL kept planning it on every run (custom
    // plans: planning took three times as long as the run); with the number it settles on the
    // generic plan (the date index, whatever the organization) after five. So has a small offset
    // (from an anchor, or a first page number): with a parameter PostgreSQL costs the generic plan
    // as if it skipped a tenth of the rows and keeps planning every run. Searched walks keep
    // planning per run: the best plan of a broad search depends on its words.
    const fixedLimit = !search ? read.limit : undefined;
    const fixedOffset = !search && offset > 0 && offset <= WRITTEN_OFFSET_MAX ? offset : undefined;
    // One statement name per SQL text: PostgreSQL parses it once per connection.
    const name = [
      'list_walk',
      search?.shape ?? 'all',
      read.after ? (read.asc ? 'gt' : 'lt') : 'start',
      read.asc ? 'asc' : 'desc',
      deferred ? 'deferred' : offset === 0 ? 'first' : 'offset',
      ...(fixedLimit === undefined ? [] : [`l${fixedLimit}`]),
      ...(fixedOffset === undefined ? [] : [`o${fixedOffset}`]),
    ].join('_');
    let query = walkQueries.get(name);
    if (!query) {
      query = buildWalk(name, search?.where, {
        asc: read.asc,
        after: read.after !== undefined,
        deferred,
        offset: !deferred && offset !== 0,
        fixedLimit,
        fixedOffset,
      });
      walkQueries.set(name, query);
    }
    return query({
      ...search?.values,
      org: organizationId,
      at: read.after?.at,
      id: read.after?.id,
      limit: read.limit,
      offset,
    });
  }

  type WalkRow = Awaited<ReturnType<typeof walk>>[number];
  const toPageRow = (row: WalkRow) => fromListJson(row.row);

  /** Reads a page by walking from a position; `known` is the exact total when there is one. */
  async function walkPage(
    organizationId: number,
    filter: Filter | undefined,
    opts: { position: ListPosition; pageSize: number; ascending: boolean },
    known?: number,
  ): Promise<{ rows: WalkRow[]; page: number; hasNext: boolean; hasPrev: boolean }> {
    const size = opts.pageSize;
    const pos = opts.position;
    if (pos.kind === 'after') {
      const rows = await walk(organizationId, filter, {
        asc: opts.ascending,
        after: pos.key,
        limit: size + 1,
      });
      return { rows: rows.slice(0, size), page: pos.page, hasNext: rows.length > size, hasPrev: true };
    }
    if (pos.kind === 'before') {
      const rows = await walk(organizationId, filter, {
        asc: !opts.ascending,
        after: pos.key,
        limit: size + 1,
      });
      // Fewer than a page before it: that is the first page (rows may have come or gone meanwhile).
      if (rows.length < size)
        return walkPage(organizationId, filter, { ...opts, position: { kind: 'page', page: 1 } }, known);
      const hasPrev = rows.length > size;
      return {
        rows: rows.slice(0, size).reverse(),
        page: hasPrev ? Math.max(2, pos.page) : 1,
        hasNext: true,
        hasPrev,
      };
    }
    const offset = (pos.page - 1) * size;
    if (known !== undefined && offset > known / 2 && offset < known) {
      // Near the end of a known total: read from the other end, so the last page costs the first.
      const fromEnd = known - offset - size;
      const rows = await walk(organizationId, filter, {
        asc: !opts.ascending,
        offset: Math.max(0, fromEnd),
        limit: fromEnd < 0 ? size + fromEnd : size,
      });
      return { rows: rows.reverse(), page: pos.page, hasNext: offset + size < known, hasPrev: pos.page > 1 };
    }
    const rows = await walk(organizationId, filter, { asc: opts.ascending, offset, limit: size + 1 });
    return { rows: rows.slice(0, size), page: pos.page, hasNext: rows.length > size, hasPrev: pos.page > 1 };
  }

  /** Anchors by organization and order; each entry is only used at its own version. */
  const anchorCache = new Map<string, Anchors>();
  /** Anchors being built, by the same key: concurrent deep pages wait for one build. */
  const anchorBuilds = new Map<string, Promise<Anchors | undefined>>();

  /**
   * Every `every`-th key of the organization's unfiltered list in one order, and the version they
   * are true at (one statement: one snapshot). One walk of the date index, once per version.
   */
  async function buildAnchors(organizationId: number, ascending: boolean): Promise<Anchors | undefined> {
    const dir = sql.raw(ascending ? 'asc' : 'desc');
    const [row] = await rowsOf<{ version: string; every: number; keys: [string, number][] | null }>(
      db.execute(sql`select c.version::text as version, e.every as every,
        (select json_agg(json_build_array(a.at, a.id) order by a.n) from (
          select ${recordings.createdAt}::text as at, ${recordings.id} as id,
            row_number() over (order by ${recordings.createdAt} ${dir}, ${recordings.id} ${dir}) as n
          from ${recordings} where ${recordings.organizationId} = ${organizationId}) a
          where a.n % e.every = 0) as keys
        from ${recordingCounts} c
        cross join lateral (select greatest(${anchorEvery}, ceil(c.total::numeric / ${ANCHOR_KEYS}))::int as every) e
        where c.organization_id = ${organizationId}`),
    );
    if (!row) return undefined;
    return {
      version: row.version,
      every: Number(row.every),
      keys: (row.keys ?? []).map(([at, id]) => ({ at, id: Number(id) })),
    };
  }

  async function anchorsOf(organizationId: number, ascending: boolean): Promise<Anchors | undefined> {
    const key = `${organizationId}\u0000${ascending ? 'asc' : 'desc'}`;
    const cached = anchorCache.get(key);
    if (cached) return cached;
    let building = anchorBuilds.get(key);
    if (!building) {
      building = buildAnchors(organizationId, ascending)
        .then((anchors) => {
          if (anchors) {
            anchorCache.delete(key);
            anchorCache.set(key, anchors);
            if (anchorCache.size > ANCHOR_ENTRIES) {
              const oldest = anchorCache.keys().next().value;
              if (oldest !== undefined) anchorCache.delete(oldest);
            }
          }
          return anchors;
        })
        .finally(() => anchorBuilds.delete(key));
      anchorBuilds.set(key, building);
    }
    return building;
  }

  /**
   * A deep unfiltered page by number, read from the nearest anchor before it (a cursor page's cost
   * plus a skip of fewer than `every` index entries), or undefined when the anchors are not true
   * any more (the recordings changed: they are dropped and built again by the next deep page) or
   * the page is not within them; the offset read answers then.
   */
  async function anchoredPage(
    organizationId: number,
    page: number,
    opts: { pageSize: number; ascending: boolean },
  ): Promise<ListPage | undefined> {
    const size = opts.pageSize;
    const offset = (page - 1) * size;
    if (offset < anchorEvery) return undefined;
    const anchors = await anchorsOf(organizationId, opts.ascending);
    if (!anchors) return undefined;
    const k = Math.floor(offset / anchors.every);
    const anchor = anchors.keys[k - 1];
    if (!anchor) return undefined;
    const rows = await walk(organizationId, undefined, {
      asc: opts.ascending,
      after: anchor,
      offset: offset - k * anchors.every,
      limit: size + 1,
    });
    const first = rows[0];
    if (!first) return undefined;
    if (first.version !== anchors.version) {
      const key = `${organizationId}\u0000${opts.ascending ? 'asc' : 'desc'}`;
      if (anchorCache.get(key) === anchors) anchorCache.delete(key);
      return undefined;
    }
    return {
      rows: rows.slice(0, size).map(toPageRow),
      total: first.orgTotal ?? 0,
      capped: false,
      page,
      hasNext: rows.length > size,
      hasPrev: page > 1,
    };
  }

  async function listUnfiltered(
    organizationId: number,
    opts: { position: ListPosition; pageSize: number; ascending: boolean },
  ): Promise<ListPage> {
    if (opts.position.kind === 'page') {
      const anchored = await anchoredPage(organizationId, opts.position.page, opts);
      if (anchored) return anchored;
    }
    // The counter is read with the page; the reverse read of a deep page near the end (when its
    // anchors did not answer) needs it first.
    const known =
      opts.position.kind === 'page' && (opts.position.page - 1) * opts.pageSize >= anchorEvery
        ? (await readCounter(organizationId)).total
        : undefined;
    const { rows, page, hasNext, hasPrev } = await walkPage(organizationId, undefined, opts, known);
    const total = rows[0] ? (rows[0].orgTotal ?? 0) : (known ?? (await readCounter(organizationId)).total);
    return { rows: rows.map(toPageRow), total, capped: false, page, hasNext, hasPrev };
  }

  /**
   * The search's matching ids (newest first, at most COUNT_CAP + 1) and the version they are true at.
   * A one-off query (run once per version of a search), so `filter` binds its values as parameters.
   */
  async function findMatches(organizationId: number, filter: Filter): Promise<MatchEntry> {
    const [row] = await rowsOf<{ version: string | null; ids: string | null }>(
      db.execute(sql`select ${versionOf(organizationId)} as version,
        (select string_agg(m.id::text, ',' order by m.created_at desc, m.id desc) from (
          select ${recordings.id} as id, ${recordings.createdAt} as created_at from ${recordings}
          where ${and(eq(recordings.organizationId, organizationId), filter.where)}
          order by ${recordings.createdAt} desc, ${recordings.id} desc limit ${countCap + 1}) m) as ids`),
    );
    const ids = row?.ids ? row.ids.split(',').map(Number) : [];
    const capped = ids.length > countCap;
    return {
      version: row?.version ?? '0',
      total: Math.min(ids.length, countCap),
      capped,
      ids: Int32Array.from(capped ? ids.slice(0, countCap) : ids),
    };
  }

  /** The statement reading `n` rows by id with the version alongside (`list_ids_<n>`), built once. */
  const idsQueries = new Map<number, ReturnType<typeof buildIds>>();
  function buildIds(n: number) {
    const ids = Array.from({ length: n }, (_, i) => sql.placeholder(`id${i}`));
    const query = db
      .select({ row: listRowJson, version: versionOf(org) })
      .from(recordings)
      .leftJoin(locations, eq(locations.id, recordings.locationId))
      .where(and(eq(recordings.organizationId, org), inArray(recordings.id, ids)));
    return statement(`list_ids_${n}`, query, ['row', 'version']);
  }
  function idsQuery(n: number) {
    let query = idsQueries.get(n);
    if (!query) {
      query = buildIds(n);
      idsQueries.set(n, query);
    }
    return query;
  }

  /** A page of a search from its match entry, with the version read alongside. */
  async function serveSearch(
    organizationId: number,
    filter: Filter,
    entry: MatchEntry,
    opts: { position: ListPosition; pageSize: number; ascending: boolean },
  ): Promise<{ version: string; page: ListPage }> {
    const ids = entry.ids;
    const base = { total: entry.total, capped: entry.capped };
    /** Past the ids it knows (a capped search), or from a row that left the matches: walk instead. */
    const walkInstead = async () => {
      // Broad: the date walk meets a match within a few rows; the filter is checked row by row.
      const res = await walkPage(organizationId, filter, opts);
      const version = res.rows[0]?.version ?? (await readCounter(organizationId)).version;
      return { version: version ?? '0', page: { ...base, ...res, rows: res.rows.map(toPageRow) } };
    };
    // A capped search knows its newest matches only: the oldest-first order walks.
    if (entry.capped && opts.ascending) return walkInstead();
    const n = ids.length;
    const at = (i: number) => ids[opts.ascending ? n - 1 - i : i]!;
    const indexOf = (id: number) => {
      const i = ids.indexOf(id);
      return i < 0 ? -1 : opts.ascending ? n - 1 - i : i;
    };
    const size = opts.pageSize;
    const pos = opts.position;
    let start: number;
    let page: number;
    if (pos.kind === 'page') {
      start = (pos.page - 1) * size;
      page = pos.page;
    } else {
      const i = indexOf(pos.key.id);
      // A position outside the matches (the row left them, or is past the ids a capped search keeps).
      if (i < 0) return walkInstead();
      start = pos.kind === 'after' ? i + 1 : Math.max(0, i - size);
      page = pos.kind === 'before' && i - size <= 0 ? 1 : pos.page;
    }
    // A capped search's page must lie wholly inside its known ids (and have one after it).
    if (entry.capped && start + size >= n) return walkInstead();
    const wanted: number[] = [];
    for (let i = start; i < Math.min(n, start + size); i++) wanted.push(at(i));
    const result = { ...base, page, hasNext: start + size < n, hasPrev: start > 0 };
    if (wanted.length === 0) {
      return { version: (await readCounter(organizationId)).version, page: { ...result, rows: [] } };
    }
    const rows = await idsQuery(wanted.length)({
      org: organizationId,
      ...Object.fromEntries(wanted.map((id, i) => [`id${i}`, id])),
    });
    const byId = new Map<number, ListPage['rows'][number]>();
    for (const { row } of rows) {
      const item = fromListJson(row);
      byId.set(item.id, item);
    }
    const ordered = wanted.map((id) => byId.get(id)).filter((r) => r !== undefined);
    // A missing row means the matches changed: its version differs too, and the caller recounts.
    const version = ordered.length === wanted.length ? (rows[0]?.version ?? '0') : '';
    return { version, page: { ...result, rows: ordered } };
  }

  return {
    async insert(row: NewRecording): Promise<RecordingRow> {
      const createdAt = row.createdAt ?? new Date();
      const [created] = await db
        .insert(recordings)
        .values({ ...row, createdAt, createdText: formatDateTime(createdAt) })
        .returning();
      if (!created) throw new Error('recording insert returned nothing');
      return created;
    },

    /** Which of these CRM message ids a location already has, with when each was added. */
    async crmImported(locationId: number, messageIds: string[]): Promise<Map<string, Date>> {
      if (messageIds.length === 0) return new Map();
      const rows = await db
        .select({ id: recordings.crmMessageId, dateAdded: recordings.dateAdded })
        .from(recordings)
        .where(and(eq(recordings.locationId, locationId), inArray(recordings.crmMessageId, messageIds)));
      return new Map(rows.map((r) => [r.id as string, r.dateAdded]));
    },

    async findForOrg(organizationId: number, id: number): Promise<RecordingRow | undefined> {
      const [row] = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.id, id), eq(recordings.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<RecordingRow | undefined> {
      const [row] = await db.select().from(recordings).where(eq(recordings.id, id)).limit(1);
      return row;
    },

    /**
     * One page of the organization's recordings, newest (or oldest) first, optionally searched.
     * Unfiltered: the total is the trigger-kept counter and the page a walk of the date index from
     * its position (cursor, or offset for page numbers). Searched: the matching ids (up to
     * COUNT_CAP + 1) are found once per version of the organization's recordings and kept in memory;
     * every page then fetches its rows by id, or walks the date index when the search is broad, and
     * checks the version in the same statement. See ADR 022.
     */
    async list(
      organizationId: number,
      opts: {
        q?: string;
        position: ListPosition;
        pageSize: number;
        ascending: boolean;
        userId?: number;
        trackerId?: number;
      },
    ): Promise<ListPage> {
      // A `user` sees their own recordings only: their id narrows the list like a search does.
      const filter = listFilter(opts, asPlaceholder);
      if (!filter) return listUnfiltered(organizationId, opts);
      const matches = () => findMatches(organizationId, listFilter(opts, asParam)!);
      if (opts.trackerId !== undefined) {
        // Mentions change without the recordings' version moving (re-apply, tracker edits): not cached.
        return (await serveSearch(organizationId, filter, await matches(), opts)).page;
      }
      const cacheKey = `${organizationId}\u0000${opts.userId ?? ''}\u0000${opts.q ?? ''}`;
      const cached = matchCache.get(cacheKey);
      if (cached) {
        const served = await serveSearch(organizationId, filter, cached, opts);
        if (served.version === cached.version) return served.page;
        matchCache.delete(cacheKey);
      }
      const entry = await matches();
      matchCache.delete(cacheKey);
      matchCache.set(cacheKey, entry);
      if (matchCache.size > MATCH_CACHE_ENTRIES) {
        const oldest = matchCache.keys().next().value;
        if (oldest !== undefined) matchCache.delete(oldest);
      }
      return (await serveSearch(organizationId, filter, entry, opts)).page;
    },

    /**
     * One keyset batch of the CSV export, newest first, as CSV lines (csvLine: spec format, formula
     * neutralising); pass `last` back for the next batch. PostgreSQL formats every value as text
     * (dates, names, rating), so a row costs a text parse and a quote check, nothing more. The export
     * of PGlite; on PostgreSQL the export is one COPY (exportCopy), byte for byte the same.
     */
    async exportLines(
      organizationId: number,
      opts: ExportScope & { after?: ListKey; limit: number },
    ): Promise<{ lines: string; count: number; last?: ListKey }> {
      const after = opts.after;
      // Every value aliased by its key and read raw (no per-field mapping: measured, it was the
      // largest cost of an export after the database's own work).
      const fields = Object.fromEntries(
        Object.entries(exportValues()).map(([key, value]) => [key, sql`${value}`.as(key)]),
      ) as { [K in ExportKey]: SQL.Aliased<string | null> };
      const query = db
        .select({ ...fields, cursor_at: cursorAt.as('cursor_at'), id: recordings.id })
        .from(recordings)
        .leftJoin(locations, eq(locations.id, recordings.locationId))
        .leftJoin(users, eq(users.id, recordings.userId))
        .leftJoin(analyses, eq(analyses.recordingId, recordings.id))
        .where(
          and(
            exportWhere(organizationId, opts),
            // A row comparison is an index range condition; the equivalent OR of two comparisons is not
            // (measured: every batch re-scanned the rows not yet exported).
            after
              ? sql`(${recordings.createdAt}, ${recordings.id}) < (${after.at}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(desc(recordings.createdAt), desc(recordings.id))
        .limit(opts.limit);
      type Raw = Record<ExportKey, string | null> & { cursor_at: string; id: number };
      const rows = await rowsOf<Raw>(db.execute(query));
      const keys = EXPORT_COLUMNS.map(([, key]) => key);
      let lines = '';
      for (const row of rows) lines += csvLine(keys.map((key) => row[key]));
      const last = rows[rows.length - 1];
      return {
        lines,
        count: rows.length,
        ...(last ? { last: { at: last.cursor_at, id: Number(last.id) } } : {}),
      };
    },

    /**
     * The export's SELECT for COPY (PostgreSQL): the rows, scope and order of exportLines, each value
     * made ready in SQL as csvCell would before quoting (csvSafe), its values inlined as literals
     * (inlineParams: integers checked, strings through the driver's escapeLiteral).
     */
    exportSelect(organizationId: number, opts: ExportScope): string {
      const byKey = exportValues();
      const fields = Object.fromEntries(
        EXPORT_COLUMNS.map(([, key]) => {
          const value = byKey[key];
          const ready = DATE_KEYS.has(key) || value === NONE ? value : csvSafe(value);
          return [key, sql`${ready}`.as(key)];
        }),
      ) as { [K in ExportKey]: SQL.Aliased<string | null> };
      const query = db
        .select(fields)
        .from(recordings)
        .leftJoin(locations, eq(locations.id, recordings.locationId))
        .leftJoin(users, eq(users.id, recordings.userId))
        .leftJoin(analyses, eq(analyses.recordingId, recordings.id))
        .where(exportWhere(organizationId, opts))
        .orderBy(desc(recordings.createdAt), desc(recordings.id))
        .toSQL();
      return inlineParams(query.sql, query.params);
    },

    /**
     * The export as CSV from `COPY (exportSelect) TO STDOUT`, CRLF row ends, after `prefix` (BOM and
     * header); undefined on PGlite (no COPY to a client there) and while `copyLimit` exports are
     * copying: then exportLines. A client of the pool is held until the stream ends or is destroyed
     * (copyCsvOut).
     */
    async exportCopy(organizationId: number, opts: ExportScope, prefix = ''): Promise<Readable | undefined> {
      if (!copyPool || copies >= copyLimit) return undefined;
      const select = this.exportSelect(organizationId, opts);
      copies++;
      let stream: Readable;
      try {
        stream = await copyCsvOut(copyPool, select, prefix);
      } catch (err) {
        copies--;
        throw err;
      }
      stream.once('close', () => copies--);
      return stream;
    },

    async setStatus(
      id: number,
      patch: {
        status?: RecordingStatus;
        progress?: number;
        error?: string | null;
        errorDetail?: StoredMessage | null;
      },
    ): Promise<void> {
      await db
        .update(recordings)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(recordings.id, id));
    },

    /** Raises progress only (a late, lower report never moves the bar back). */
    async raiseProgress(id: number, progress: number): Promise<void> {
      await db
        .update(recordings)
        .set({ progress })
        .where(and(eq(recordings.id, id), lt(recordings.progress, progress)));
    },

    async saveTranscript(
      id: number,
      t: { segments: unknown; text: string; durationSec: number; numSpeakers?: number },
    ): Promise<void> {
      await db
        .update(recordings)
        .set({
          segments: t.segments,
          transcriptText: t.text,
          durationSec: t.durationSec,
          ...(t.numSpeakers ? { numSpeakers: t.numSpeakers } : {}),
          updatedAt: new Date(),
        })
        .where(eq(recordings.id, id));
    },

    async saveAudio(
      id: number,
      a: { storageKey: string; contentType: string; sizeBytes: number },
    ): Promise<void> {
      await db
        .update(recordings)
        .set({ ...a, updatedAt: new Date() })
        .where(eq(recordings.id, id));
    },

    async saveCoaching(id: number, coaching: string): Promise<void> {
      await db.update(recordings).set({ coaching, updatedAt: new Date() }).where(eq(recordings.id, id));
    },

    /** The organization's recordings, from the trigger-kept counter (migration 0004). */
    async countForOrg(organizationId: number): Promise<number> {
      return (await readCounter(organizationId)).total;
    },

    /** How many recordings were created before `before`, and the oldest date among them. */
    async countOlderThan(organizationId: number, before: Date) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${recordings.createdAt})` })
        .from(recordings)
        .where(and(eq(recordings.organizationId, organizationId), lt(recordings.createdAt, before)));
      const oldest = row?.oldest ? new Date(row.oldest) : null;
      return { count: row?.n ?? 0, oldest };
    },

    /** The oldest recordings created before `before` (ids and audio keys), a batch at a time. */
    async olderThan(organizationId: number, before: Date, limit: number) {
      return db
        .select({ id: recordings.id, storageKey: recordings.storageKey })
        .from(recordings)
        .where(and(eq(recordings.organizationId, organizationId), lt(recordings.createdAt, before)))
        .orderBy(asc(recordings.createdAt), asc(recordings.id))
        .limit(limit);
    },

    /** Deletes recordings; their analyses, share links and other dependent rows go by cascade. */
    async deleteByIds(organizationId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const gone = await db
        .delete(recordings)
        .where(and(eq(recordings.organizationId, organizationId), inArray(recordings.id, ids)))
        .returning({ id: recordings.id });
      return gone.length;
    },

    /** Recordings whose pipeline has not finished: the worker re-enqueues them at start. */
    async unfinished(): Promise<{ id: number; status: RecordingStatus }[]> {
      return db
        .select({ id: recordings.id, status: recordings.status })
        .from(recordings)
        .where(sql`${recordings.status} in ('queued','transcribing','analyzing')`);
    },
  };
}

export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;
