/**
 * Searched pages of the recordings list (search text, owner, tracker): the matching ids found once
 * per version of the organization's recordings and kept in memory, each page then read by id (or,
 * for a broad search, by walking the date index), the version checked in the same statement.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { locations, recordings } from '../../db/schema.js';
import type { ListWalk } from './recordings.list-walk.repository.js';
import {
  fromListJson,
  listRowJson,
  rowsOf,
  type ListPage,
  type ListPosition,
  type ListQuery,
} from './recordings.list-rows.repository.js';
import { asParam, listFilter, type Filter } from './recordings.search.repository.js';

/** Past this many matches a search shows "10,000+" (the spec's list is paged by ten). */
export const COUNT_CAP = 10_000;
/** Searches kept in memory per process (their matching ids, at most COUNT_CAP each). */
const MATCH_CACHE_ENTRIES = 200;

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

export function createListSearch(db: Db, list: ListWalk, opts: { countCap?: number } = {}) {
  const countCap = opts.countCap ?? COUNT_CAP;
  const { statement, org, versionOf, readCounter, walkPage, toPageRow } = list;

  /** Search matches by organization and search text; each entry is only used at its own version. */
  const matchCache = new Map<string, MatchEntry>();

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

  /** A page of a search (`filter`: the query's condition with placeholders), its matches cached by version. */
  async function searchPage(organizationId: number, filter: Filter, opts: ListQuery): Promise<ListPage> {
    const matches = () => findMatches(organizationId, listFilter(opts, asParam)!);
    if (opts.trackerId !== undefined || opts.resultClass !== undefined) {
      // Mentions and results change without the recordings' version moving (re-apply, tracker edits,
      // an analysis saved or re-run): not cached.
      return (await serveSearch(organizationId, filter, await matches(), opts)).page;
    }
    const day = opts.createdIn ? `${opts.createdIn.from}/${opts.createdIn.to}` : '';
    const cacheKey = `${organizationId}\u0000${opts.userId ?? ''}\u0000${opts.q ?? ''}\u0000${day}`;
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
  }

  return { searchPage };
}
