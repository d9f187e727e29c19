/**
 * Owns the manager pages' figures (organization-wide, managers and admins) and the signed-in
 * user's hub (their own calls). Ranges are whole UTC days: `duration` N counts from the start of
 * the day N days before today, so "1 Week" (6) is today and the six days before.
 */
import { storedMessageText, type Language } from '../../i18n/translate.js';
import {
  TALK_RATIO_ANCHOR,
  type HubCall,
  type HubResponse,
  type ManagerUsersQuery,
  type ManagerUsersResponse,
  type ResultsResponse,
  type SummaryDuration,
  type SummaryResponse,
} from '@call-insights/contracts/manager';
import type { CallResultClass } from '@call-insights/contracts/analysis';
import type { AuthUser } from '../../plugins/auth.js';
import type { HubCallRow, ManagerRepository } from './manager.repository.js';

const DAY_MS = 24 * 3600 * 1000;
const HUB_DAYS = 6;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Start (UTC midnight) of the day `days` before `now`'s day. */
export function rangeStart(now: Date, days: number): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - days * DAY_MS);
}

/** Every bucket start from `from` to `now` for the unit, oldest first. */
export function bucketStarts(unit: 'day' | 'month' | 'year', from: Date, now: Date): string[] {
  const out: string[] = [];
  let y = from.getUTCFullYear();
  let m = unit === 'year' ? 0 : from.getUTCMonth();
  let d = unit === 'day' ? from.getUTCDate() : 1;
  for (;;) {
    const start = new Date(Date.UTC(y, m, d));
    if (start.getTime() > now.getTime() || out.length > 1000) return out;
    out.push(isoDay(start));
    if (unit === 'day') d += 1;
    else if (unit === 'month') m += 1;
    else y += 1;
    const next = new Date(Date.UTC(y, m, d));
    [y, m, d] = [next.getUTCFullYear(), next.getUTCMonth(), next.getUTCDate()];
  }
}

const splitSeconds = (total: number) => ({ mins: Math.floor(total / 60), secs: total % 60 });

function toResults(rows: { result: string | null; n: number }[]): ResultsResponse {
  const by = new Map(rows.map((r) => [r.result ?? 'other', r.n]));
  return {
    appointment: by.get('appointment') ?? 0,
    followUp: by.get('follow_up') ?? 0,
    notInterested: by.get('not_interested') ?? 0,
    // Unknown classes (an older analyzer's) count as other.
    other: rows
      .filter((r) => !['appointment', 'follow_up', 'not_interested'].includes(r.result ?? 'other'))
      .reduce((a, r) => a + r.n, 0),
  };
}

const RESULT_CLASSES = new Set(['appointment', 'follow_up', 'not_interested', 'other']);

function toHubCall(row: HubCallRow, lang: Language): HubCall {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.createdAt).toISOString(),
    status: row.status,
    progress: row.status === 'done' || row.status === 'failed' ? 100 : row.progress,
    error: storedMessageText(lang, row.errorDetail, row.error),
    durationSec: row.durationSec === null ? null : Number(row.durationSec),
    resultClass:
      row.resultClass !== null && RESULT_CLASSES.has(row.resultClass)
        ? (row.resultClass as CallResultClass)
        : null,
  };
}

export function createManagerService(deps: { repo: ManagerRepository; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async users(caller: AuthUser, query: ManagerUsersQuery): Promise<ManagerUsersResponse> {
      const { rows, total } = await repo.users(caller.organizationId, {
        q: query.q || undefined,
        sort: query.sort,
        order: query.order,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((r) => {
          const { mins, secs } = splitSeconds(r.seconds);
          return {
            id: r.id,
            username: r.username,
            email: r.email,
            firstname: r.firstname,
            lastname: r.lastname,
            role: r.role,
            user_type: r.user_type,
            recordings: r.recordings,
            userMinTime: mins,
            userSecTime: secs,
          };
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
        pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
      };
    },

    async totalRecordings(caller: AuthUser) {
      return { total: await repo.totalRecordings(caller.organizationId) };
    },

    async totalTimes(caller: AuthUser) {
      return splitSeconds(await repo.totalSeconds(caller.organizationId));
    },

    async results(caller: AuthUser): Promise<ResultsResponse> {
      return toResults(await repo.results(caller.organizationId));
    },

    async summary(caller: AuthUser, duration: SummaryDuration): Promise<SummaryResponse> {
      const today = now();
      const from = duration === 'all' ? undefined : rangeStart(today, Number(duration));
      const unit = duration === 'all' ? 'year' : duration === '365' ? 'month' : 'day';
      const org = caller.organizationId;
      // Every figure is over the same window: recordings created since `from` (all when undefined).
      const [totals, counts, recorded, results] = await Promise.all([
        repo.totals(org, from),
        repo.countsBy(org, unit, from),
        repo.recordingTotals(org, from),
        repo.results(org, { from }),
      ]);
      const byStart = new Map(counts.map((c) => [c.start, c.n]));
      const first = from ?? (counts[0] ? new Date(`${counts[0].start}T00:00:00Z`) : rangeStart(today, 0));
      const buckets = bucketStarts(unit, first, today).map((start) => ({
        start,
        count: byStart.get(start) ?? 0,
      }));
      return {
        duration,
        from: from ? isoDay(from) : null,
        totalRecordings: recorded.calls,
        totalTime: splitSeconds(recorded.seconds),
        results: toResults(results),
        totalQuestions: totals.questions,
        totalObjections: totals.objections,
        totalPainPoints: totals.painPoints,
        totalPricingDiscuss: totals.pricingCalls,
        totalPricingMentions: totals.pricing,
        recordingCounts: { unit, buckets },
      };
    },

    async hub(caller: AuthUser, lang: Language = 'en'): Promise<HubResponse> {
      const from = rangeStart(now(), HUB_DAYS);
      const org = caller.organizationId;
      const [week, results, talk, recent, attention] = await Promise.all([
        repo.week(org, caller.id, from),
        repo.results(org, { userId: caller.id, from }),
        repo.talkRatio(org, caller.id, from),
        repo.calls(org, caller.id, { attention: false, limit: 5 }),
        repo.calls(org, caller.id, { attention: true, limit: 10 }),
      ]);
      return {
        from: isoDay(from),
        week: { calls: week.calls, talkSeconds: week.seconds, ...splitSeconds(week.seconds) },
        results: toResults(results),
        talkRatio: {
          average: talk.average === null ? null : Math.round(talk.average * 1000) / 1000,
          calls: talk.calls,
          anchor: { ...TALK_RATIO_ANCHOR },
        },
        recent: recent.map((r) => toHubCall(r, lang)),
        attention: attention.map((r) => ({
          ...toHubCall(r, lang),
          reason: r.status === 'failed' ? ('failed' as const) : ('objections_unresolved' as const),
          objections: r.objections,
        })),
      };
    },
  };
}

export type ManagerService = ReturnType<typeof createManagerService>;
