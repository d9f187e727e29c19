/**
 * Pages of the recordings list read by walking the (organization_id, created_at) index: the
 * statements built once per shape (Drizzle's prepared, or run through the driver), the
 * trigger-kept counter read alongside, and a page from a number or a cursor position.
 */
import { and, asc, desc, eq, fillPlaceholders, inArray, sql, type SQL } from 'drizzle-orm';
import type { ArrayQuery, Db } from '../../db/client.js';
import { locations, recordingCounts, recordings } from '../../db/schema.js';
import type { ListKey } from './list-cursor.js';
import { fromListJson, listRowJson, type ListPosition } from './recordings.list-rows.repository.js';
import type { Filter } from './recordings.search.repository.js';

/** Offsets of unfiltered walks up to this are written in the SQL (a statement each, per connection). */
const WRITTEN_OFFSET_MAX = 100;

export function createListWalk(
  db: Db,
  opts: {
    /** Runs the list's page statements through the driver (Database.queryArrays); Drizzle's otherwise. */
    queryArrays?: ArrayQuery;
  },
) {
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

  return { statement, org, versionOf, readCounter, walk, walkPage, toPageRow };
}

export type ListWalk = ReturnType<typeof createListWalk>;
