/**
 * Owns the reporting SQL of the manager pages and the user's hub. It owns no table: it reads
 * `users`, `recordings` and `analyses` read-only, because sorting and paging members by their
 * recordings, and summing analyses over a date range, are joins only the database can do without
 * loading rows (see ADR 026). Every query is scoped to one organization and aggregates in SQL.
 */
import type { StoredMessage } from '../../errors.js';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyses, recordings, users } from '../../db/schema.js';

export type ManagerUserRow = {
  id: number;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  role: 'admin' | 'manager' | 'user';
  user_type: 'Location' | 'Company';
  recordings: number;
  seconds: number;
};

export type UsersSort =
  'username' | 'email' | 'firstname' | 'lastname' | 'role' | 'recordings' | 'duration' | 'user_type';

const SORT_SQL: Record<UsersSort, string> = {
  username: 'lower(u.username)',
  email: 'lower(u.email)',
  firstname: 'lower(u.first_name)',
  lastname: 'lower(u.last_name)',
  role: 'u.role',
  recordings: 'recordings',
  duration: 'seconds',
  user_type: 'u.user_type',
};

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(r: Rows<T>): T[] => (Array.isArray(r) ? r : r.rows);

/** List sums over analyses; `pricing` counts price mentions, `pricingCalls` the calls with any. */
export type Totals = {
  questions: number;
  objections: number;
  painPoints: number;
  pricing: number;
  pricingCalls: number;
};
export type HubCallRow = {
  id: number;
  name: string;
  createdAt: Date;
  status: 'queued' | 'transcribing' | 'analyzing' | 'done' | 'failed';
  progress: number;
  error: string | null;
  errorDetail: StoredMessage | null;
  durationSec: number | null;
  resultClass: string | null;
  objections: number;
};

export function createManagerRepository(db: Db) {
  async function all<T>(query: SQL): Promise<T[]> {
    return rowsOf((await db.execute(query)) as unknown as Rows<T>);
  }

  function usersFilter(q: string | undefined): SQL {
    if (!q) return sql`true`;
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(lower(u.username) like ${like} or lower(u.email) like ${like} or lower(u.first_name) like ${like} or lower(u.last_name) like ${like})`;
  }

  /**
   * Recordings created since `from` (all when undefined), of one member when `userId` is given,
   * and their total whole seconds.
   */
  async function recordingTotals(organizationId: number, from: Date | undefined, userId?: number) {
    const [row] = await db
      .select({
        calls: sql<number>`count(*)::int`,
        seconds: sql<number>`coalesce(round(sum(${recordings.durationSec})), 0)::int`,
      })
      .from(recordings)
      .where(
        and(
          eq(recordings.organizationId, organizationId),
          userId === undefined ? undefined : eq(recordings.userId, userId),
          from ? sql`${recordings.createdAt} >= ${from.toISOString()}::timestamptz` : undefined,
        ),
      );
    return row ?? { calls: 0, seconds: 0 };
  }

  return {
    /** Members with their recordings count and total seconds, sorted and paged in SQL. */
    async users(
      organizationId: number,
      opts: { q?: string; sort: UsersSort; order: 'asc' | 'desc'; limit: number; offset: number },
    ): Promise<{ rows: ManagerUserRow[]; total: number }> {
      const filter = usersFilter(opts.q);
      const direction = opts.order === 'desc' ? 'desc' : 'asc';
      const rows = await all<ManagerUserRow>(sql`
        with stats as (
          select user_id, count(*)::int as recordings, coalesce(round(sum(duration_sec)), 0)::int as seconds
          from ${recordings}
          where organization_id = ${organizationId} and user_id is not null
          group by user_id
        )
        select u.id, u.username, u.email, u.first_name as firstname, u.last_name as lastname, u.role,
               u.user_type, coalesce(s.recordings, 0)::int as recordings, coalesce(s.seconds, 0)::int as seconds
        from ${users} u left join stats s on s.user_id = u.id
        where u.organization_id = ${organizationId} and ${filter}
        order by ${sql.raw(SORT_SQL[opts.sort])} ${sql.raw(direction)}, u.id ${sql.raw(direction)}
        limit ${opts.limit} offset ${opts.offset}`);
      const [count] = await all<{ n: number }>(
        sql`select count(*)::int as n from ${users} u where u.organization_id = ${organizationId} and ${filter}`,
      );
      return { rows, total: count?.n ?? 0 };
    },

    async totalRecordings(organizationId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(recordings)
        .where(eq(recordings.organizationId, organizationId));
      return row?.n ?? 0;
    },

    /** Total duration in whole seconds. */
    async totalSeconds(organizationId: number): Promise<number> {
      const [row] = await db
        .select({ s: sql<number>`coalesce(round(sum(${recordings.durationSec})), 0)::int` })
        .from(recordings)
        .where(eq(recordings.organizationId, organizationId));
      return row?.s ?? 0;
    },

    /** Analysed calls by result, optionally of one user's and/or of recordings created since `from`. */
    async results(organizationId: number, scope: { userId?: number; from?: Date } = {}) {
      const scoped = scope.userId !== undefined || scope.from !== undefined;
      const join = scoped
        ? sql`join ${recordings} r on r.id = a.recording_id and r.organization_id = ${organizationId}`
        : sql``;
      const byUser = scope.userId !== undefined ? sql` and r.user_id = ${scope.userId}` : sql``;
      const since = scope.from ? sql` and r.created_at >= ${scope.from.toISOString()}::timestamptz` : sql``;
      return all<{ result: string | null; n: number }>(
        sql`select a.result_class as result, count(*)::int as n from ${analyses} a ${join} where a.organization_id = ${organizationId}${byUser}${since} group by a.result_class`,
      );
    },

    recordingTotals,

    /** Sums of the analyses' list counts over recordings of the range (`from` undefined: all). */
    async totals(organizationId: number, from: Date | undefined): Promise<Totals> {
      const sums = {
        questions: sql<number>`coalesce(sum(${analyses.questionCount}), 0)::int`,
        objections: sql<number>`coalesce(sum(${analyses.objectionCount}), 0)::int`,
        painPoints: sql<number>`coalesce(sum(${analyses.painPointCount}), 0)::int`,
        pricing: sql<number>`coalesce(sum(${analyses.pricingCount}), 0)::int`,
        pricingCalls: sql<number>`count(*) filter (where ${analyses.pricingCount} > 0)::int`,
      };
      const [row] = from
        ? await db
            .select(sums)
            .from(analyses)
            .innerJoin(
              recordings,
              and(eq(recordings.id, analyses.recordingId), eq(recordings.organizationId, organizationId)),
            )
            .where(
              and(
                eq(analyses.organizationId, organizationId),
                sql`${recordings.createdAt} >= ${from.toISOString()}::timestamptz`,
              ),
            )
        : await db.select(sums).from(analyses).where(eq(analyses.organizationId, organizationId));
      return row ?? { questions: 0, objections: 0, painPoints: 0, pricing: 0, pricingCalls: 0 };
    },

    /** Recordings per UTC day, month or year from `from` (all when undefined); keys are YYYY-MM-DD. */
    async countsBy(
      organizationId: number,
      unit: 'day' | 'month' | 'year',
      from: Date | undefined,
    ): Promise<{ start: string; n: number }[]> {
      const bucket = sql.raw(`to_char(date_trunc('${unit}', created_at at time zone 'UTC'), 'YYYY-MM-DD')`);
      return all<{ start: string; n: number }>(sql`
        select ${bucket} as start, count(*)::int as n from ${recordings}
        where organization_id = ${organizationId}
          ${from ? sql`and created_at >= ${from.toISOString()}::timestamptz` : sql``}
        group by 1 order by 1`);
    },

    // ---- the signed-in user's hub ----

    async week(organizationId: number, userId: number, from: Date) {
      return recordingTotals(organizationId, from, userId);
    },

    /** Mean share of talk time of the rep over the user's analysed calls since `from`. */
    async talkRatio(organizationId: number, userId: number, from: Date) {
      const [row] = await all<{ average: number | null; calls: number }>(sql`
        select avg(rt)::float as average, count(rt)::int as calls from (
          select (
            select (s ->> 'talk_ratio')::float from jsonb_array_elements(a.metrics -> 'speakers') s
            where s ->> 'speaker' = a.metrics ->> 'rep_speaker' limit 1
          ) as rt
          from ${recordings} r join ${analyses} a on a.recording_id = r.id
          where r.organization_id = ${organizationId} and r.user_id = ${userId}
            and r.created_at >= ${from.toISOString()}::timestamptz
            and jsonb_typeof(a.metrics -> 'speakers') = 'array'
        ) x`);
      return { average: row?.average ?? null, calls: row?.calls ?? 0 };
    },

    async calls(
      organizationId: number,
      userId: number,
      opts: { attention: boolean; limit: number },
    ): Promise<HubCallRow[]> {
      const attention = opts.attention
        ? sql`and (r.status = 'failed' or (r.status = 'done' and coalesce(a.objection_count, 0) > 0 and coalesce(a.result_class, 'other') <> 'appointment'))`
        : sql``;
      return all<HubCallRow>(sql`
        select r.id, r.original_name as name, r.created_at as "createdAt", r.status, r.progress, r.error, r.error_detail as "errorDetail",
               r.duration_sec as "durationSec", a.result_class as "resultClass",
               coalesce(a.objection_count, 0)::int as objections
        from ${recordings} r left join ${analyses} a on a.recording_id = r.id
        where r.organization_id = ${organizationId} and r.user_id = ${userId} ${attention}
        order by r.created_at desc nulls first, r.id desc nulls first
        limit ${opts.limit}`);
    },
  };
}

export type ManagerRepository = ReturnType<typeof createManagerRepository>;
