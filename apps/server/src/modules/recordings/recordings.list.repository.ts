/**
 * The recordings list: one page of an organization's recordings, newest (or oldest) first. Unfiltered
 * pages walk the date index (deep pages by number from anchors kept in memory); searched pages are
 * recordings.list-search.repository.ts's; the total is the trigger-kept counter.
 */
import { sql } from 'drizzle-orm';
import type { ArrayQuery, Db } from '../../db/client.js';
import { recordingCounts, recordings } from '../../db/schema.js';
import type { ListKey } from './list-cursor.js';
import { createListSearch } from './recordings.list-search.repository.js';
import { createListWalk } from './recordings.list-walk.repository.js';
import {
  rowsOf,
  type ListPage,
  type ListPosition,
  type ListQuery,
} from './recordings.list-rows.repository.js';
import { asPlaceholder, listFilter } from './recordings.search.repository.js';

/**
 * Deep unfiltered pages by number start from anchors: keys of the list order every `every` rows
 * (at least ANCHOR_EVERY apart, at most ANCHOR_KEYS of them per organization and order).
 */
const ANCHOR_EVERY = 100;
const ANCHOR_KEYS = 2_000;
/** Organizations (times two orders) whose anchors are kept in memory per process. */
const ANCHOR_ENTRIES = 100;

/** Keys of an organization's unfiltered list order: `keys[k - 1]` is the row at 0-based position k × every − 1. */
type Anchors = { version: string; every: number; keys: ListKey[] };

export function createListQueries(
  db: Db,
  opts: { countCap?: number; anchorEvery?: number; queryArrays?: ArrayQuery } = {},
) {
  const anchorEvery = opts.anchorEvery ?? ANCHOR_EVERY;
  const listWalk = createListWalk(db, { queryArrays: opts.queryArrays });
  const { readCounter, walk, walkPage, toPageRow } = listWalk;
  const { searchPage } = createListSearch(db, listWalk, { countCap: opts.countCap });

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

  return {
    /**
     * One page of the organization's recordings, newest (or oldest) first, optionally searched.
     * Unfiltered: the total is the trigger-kept counter and the page a walk of the date index from
     * its position (cursor, or offset for page numbers). Searched: the matching ids (up to
     * COUNT_CAP + 1) are found once per version of the organization's recordings and kept in memory;
     * every page then fetches its rows by id, or walks the date index when the search is broad, and
     * checks the version in the same statement. See ADR 022.
     */
    async list(organizationId: number, opts: ListQuery): Promise<ListPage> {
      // A `user` sees their own recordings only: their id narrows the list like a search does.
      const filter = listFilter(opts, asPlaceholder);
      if (!filter) return listUnfiltered(organizationId, opts);
      return searchPage(organizationId, filter, opts);
    },

    /** The organization's recordings, from the trigger-kept counter (migration 0004). */
    async countForOrg(organizationId: number): Promise<number> {
      return (await readCounter(organizationId)).total;
    },
  };
}
