/**
 * The recordings CSV export: on PostgreSQL one COPY of a SELECT whose values are made ready in SQL
 * (at most `copyLimit` at once), otherwise keyset batches formatted by csvLine; both byte for byte
 * the same.
 */
import type { Readable } from 'node:stream';
import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import { copyCsvOut, inlineParams } from '../../db/copy-out.js';
import { analyses, locations, recordings, users } from '../../db/schema.js';
import { EXPORT_COLUMNS, type ExportKey } from '@call-insights/contracts/recordings';
import { csvLine } from '../../lib/csv.js';
import type { ListKey } from './list-cursor.js';
import { cursorAt, rowsOf } from './recordings.list-rows.repository.js';
import { asParam, listFilter, type CreatedRange } from './recordings.search.repository.js';

/** Who and what an export covers besides the organization: the owner (role `user`), the search. */
export type ExportScope = {
  q?: string;
  createdIn?: CreatedRange;
  userId?: number;
  trackerId?: number;
  resultClass?: string;
  /** The IANA zone the date columns are written in (checked by `exportZone`); UTC when absent. */
  timeZone?: string;
};

const NONE = sql<null>`null::text`;
/** The export's date columns: written in the export's time zone. */
const EXPORT_DATE_KEYS: ReadonlySet<ExportKey> = new Set<ExportKey>(['created_at', 'last_activity_date']);

/**
 * The export's values by column, as text PostgreSQL formats (dates in `timeZone`, the rating as
 * digits). The zone is one parameter of the statement: PostgreSQL converts each date itself, so the
 * COPY still streams its rows untouched.
 */
function exportValues(timeZone = 'UTC') {
  const local = (col: typeof recordings.createdAt | typeof recordings.updatedAt) =>
    sql<string>`to_char(${col} at time zone ${timeZone}::text, 'YYYY-MM-DD HH24:MI:SS')`;
  return {
    created_at: local(recordings.createdAt),
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
    last_activity_date: local(recordings.updatedAt),
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

/** The export's rows: the organization's, the owner's when set, matching the search and the tracker, as the list. */
function exportWhere(organizationId: number, opts: ExportScope): SQL {
  return and(eq(recordings.organizationId, organizationId), listFilter(opts, asParam)?.where)!;
}

export function createExportQueries(
  db: Db,
  opts: {
    /** PostgreSQL's pool: the CSV export is one COPY on a client of it (PGlite: keyset batches). */
    copyPool?: pg.Pool;
    /** Exports by COPY at once (default half the pool); past it an export reads keyset batches. */
    copyLimit?: number;
  } = {},
) {
  const copyPool = opts.copyPool;
  // A COPY holds its client until the download ends, however slow the client: half the pool at
  // most, so exports never starve the other requests (the batches give their client back each time).
  const copyLimit = opts.copyLimit ?? Math.max(1, Math.floor((copyPool?.options.max ?? 10) / 2));
  let copies = 0;

  /**
   * The export's SELECT for COPY (PostgreSQL): the rows, scope and order of exportLines, each value
   * made ready in SQL as csvCell would before quoting (csvSafe), its values inlined as literals
   * (inlineParams: integers checked, strings through the driver's escapeLiteral).
   */
  function exportSelect(organizationId: number, opts: ExportScope): string {
    const byKey = exportValues(opts.timeZone);
    const fields = Object.fromEntries(
      EXPORT_COLUMNS.map(([, key]) => {
        const value = byKey[key];
        const ready = EXPORT_DATE_KEYS.has(key) || value === NONE ? value : csvSafe(value);
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
  }

  return {
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
        Object.entries(exportValues(opts.timeZone)).map(([key, value]) => [key, sql`${value}`.as(key)]),
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

    exportSelect,

    /**
     * The export as CSV from `COPY (exportSelect) TO STDOUT`, CRLF row ends, after `prefix` (BOM and
     * header); undefined on PGlite (no COPY to a client there) and while `copyLimit` exports are
     * copying: then exportLines. A client of the pool is held until the stream ends or is destroyed
     * (copyCsvOut).
     */
    async exportCopy(organizationId: number, opts: ExportScope, prefix = ''): Promise<Readable | undefined> {
      if (!copyPool || copies >= copyLimit) return undefined;
      const select = exportSelect(organizationId, opts);
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
  };
}
