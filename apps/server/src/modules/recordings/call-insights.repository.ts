/**
 * Owns the read-only SQL behind the assistant's questions about calls and leads: leads called or
 * first met in a period, top leads by lead score, call search (contact, result, objection, pain
 * point, words said), one call's outcome, personal and team figures, recurring objections. Every
 * query is an aggregate or a bounded page, and every one is scoped by organization (and by the
 * rep, when `scope.userId` is set) — the scope comes from the signed-in caller, never from input.
 */
import { LeadScoreFactor } from '@call-insights/contracts/analysis';
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { toPrefixTsQuery } from './recordings.repository.js';

/** Whose calls a question may see: the organization's, or only one rep's. */
export type CallScope = { organizationId: number; userId?: number };
/** A half-open period [from, to); either end may be open. */
export type CallRange = { from?: Date; to?: Date };

export type LeadRow = {
  key: string;
  /** The pipeline status of the lead's latest call ('failed' when it could not be processed). */
  status: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  originalName: string;
  calls: number;
  lastCallId: number;
  lastCallAt: Date;
  leadScore: number | null;
  resultClass: string | null;
  reasons: string[];
  /** The same reasons as data (rules analyses), so they can be written in the reader's language. */
  factors: LeadScoreFactor[] | null;
  callResults: string | null;
};

export type CallRow = {
  id: number;
  createdAt: Date;
  name: string | null;
  phone: string | null;
  email: string | null;
  originalName: string;
  userId: number | null;
  status: string;
  resultClass: string | null;
  leadScore: number | null;
  summary: string | null;
  callResults: string | null;
  objections: string[];
  painPoints: string[];
  /** Prices discussed, as the analysis wrote them ("$4,500 (“forty-five hundred”)"). */
  pricing: string[];
  snippet: string | null;
};

export type CallFilters = {
  words?: string;
  contact?: string;
  resultClass?: string;
  objection?: string;
  /** A PostgreSQL regular expression an objection must match (`~*`), instead of `objection`'s words. */
  objectionPattern?: string;
  painPoint?: string;
  /** Only calls whose analysis found a price (its pricing_discussed is not empty). */
  withPricing?: boolean;
  /** Calls at least this long, in seconds. */
  minSeconds?: number;
  /** Calls shorter than this, in seconds. */
  maxSeconds?: number;
};

export type FiguresRow = {
  calls: number;
  seconds: number;
  leads: number;
  analysed: number;
  averageScore: number | null;
  appointment: number;
  followUp: number;
  notInterested: number;
  other: number;
  withObjections: number;
};

export type RepFiguresRow = FiguresRow & {
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
};

export type PhraseRow = { phrase: string; calls: number; callIds: number[] };

/** Same expression as the index `recordings_org_contact_idx` (db/schema.ts CONTACT_KEY_SQL). */
const contactKey = sql`coalesce(nullif(r.crm_contact_id, ''), nullif(r.phone_number, ''), lower(nullif(r.crm_email, '')), lower(nullif(r.crm_contact_name, '')))`;
const contactName = sql`coalesce(nullif(r.crm_contact_name, ''), nullif(trim(concat_ws(' ', r.crm_first_name, r.crm_last_name)), ''))`;

function jsonArray(field: 'objections' | 'pain_points' | 'pricing_discussed' | 'lead_score_reasons') {
  return sql`(case when jsonb_typeof(a.data -> ${sql.raw(`'${field}'`)}) = 'array' then a.data -> ${sql.raw(`'${field}'`)} else '[]'::jsonb end)`;
}

function scopeWhere(scope: CallScope, range: CallRange): SQL {
  const parts: SQL[] = [sql`r.organization_id = ${scope.organizationId}`];
  if (scope.userId !== undefined) parts.push(sql`r.user_id = ${scope.userId}`);
  if (range.from) parts.push(sql`r.created_at >= ${range.from.toISOString()}::timestamptz`);
  if (range.to) parts.push(sql`r.created_at < ${range.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The words of a question as a prefix query, each cut to its stem so that any form of it is found:
 * "pricing" finds "price", "prices", "priced"; "scheduling" finds "schedule". Endings cut: -ing,
 * -ed, -es, -s (English), -ment, -es, -s (French); a word keeps at least four letters.
 */
export function assistantTsQuery(words: string): string | undefined {
  const stem = (w: string) => {
    const cut = w.replace(/(?:ing|ed|es|ment|s)$/u, '');
    return cut.length >= 4 && cut.length < w.length ? cut : w;
  };
  return toPrefixTsQuery((words.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem).join(' '));
}

function filterWhere(f: CallFilters): SQL[] {
  const parts: SQL[] = [];
  if (f.words) {
    const tsq = assistantTsQuery(f.words);
    if (tsq) parts.push(sql`r.search @@ to_tsquery('simple', ${tsq})`);
  }
  if (f.contact) {
    const like = escapeLike(f.contact);
    parts.push(
      sql`(${contactName} ilike ${like} or r.crm_first_name ilike ${like} or r.crm_last_name ilike ${like} or r.crm_email ilike ${like} or r.phone_number ilike ${like} or r.original_name ilike ${like})`,
    );
  }
  if (f.resultClass) parts.push(sql`a.result_class = ${f.resultClass}`);
  if (f.objectionPattern) parts.push(sql`${jsonArray('objections')}::text ~* ${f.objectionPattern}`);
  else if (f.objection) parts.push(sql`${jsonArray('objections')}::text ilike ${escapeLike(f.objection)}`);
  if (f.painPoint) parts.push(sql`${jsonArray('pain_points')}::text ilike ${escapeLike(f.painPoint)}`);
  if (f.withPricing) parts.push(sql`jsonb_array_length(${jsonArray('pricing_discussed')}) > 0`);
  if (f.minSeconds !== undefined) parts.push(sql`r.duration_sec >= ${f.minSeconds}`);
  if (f.maxSeconds !== undefined) parts.push(sql`r.duration_sec < ${f.maxSeconds}`);
  return parts;
}

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const strings = (v: unknown): string[] => {
  const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
};
const ints = (v: unknown): number[] => {
  if (Array.isArray(v)) return v.map(Number);
  // node-postgres parses int[]; PGlite too, but keep a text fallback ("{1,2}").
  if (typeof v === 'string') return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return [];
};

function toLead(r: Raw): LeadRow {
  return {
    key: String(r.key),
    status: String(r.status),
    name: str(r.name),
    phone: str(r.phone_number),
    email: str(r.crm_email),
    originalName: String(r.original_name),
    calls: num(r.calls),
    lastCallId: num(r.id),
    lastCallAt: date(r.created_at),
    leadScore: numOrNull(r.lead_score),
    resultClass: str(r.result_class),
    reasons: strings(r.reasons),
    factors: factorsOf(r.factors),
    callResults: str(r.call_results),
  };
}

const Factors = z.array(LeadScoreFactor);

/** Stored lead-score factors, or null for an analysis without them (a language model's, an older one). */
function factorsOf(v: unknown): LeadScoreFactor[] | null {
  const parsed = Factors.safeParse(typeof v === 'string' ? JSON.parse(v) : v);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

function toCall(r: Raw): CallRow {
  return {
    id: num(r.id),
    createdAt: date(r.created_at),
    name: str(r.name),
    phone: str(r.phone_number),
    email: str(r.crm_email),
    originalName: String(r.original_name),
    userId: numOrNull(r.user_id),
    status: String(r.status),
    resultClass: str(r.result_class),
    leadScore: numOrNull(r.lead_score),
    summary: str(r.summary),
    callResults: str(r.call_results),
    objections: strings(r.objections),
    painPoints: strings(r.pain_points),
    pricing: strings(r.pricing),
    snippet: str(r.snippet),
  };
}

function toFigures(r: Raw): FiguresRow {
  return {
    calls: num(r.calls),
    seconds: num(r.seconds),
    leads: num(r.leads),
    analysed: num(r.analysed),
    averageScore: r.average_score === null || r.average_score === undefined ? null : Number(r.average_score),
    appointment: num(r.appointment),
    followUp: num(r.follow_up),
    notInterested: num(r.not_interested),
    other: num(r.other),
    withObjections: num(r.with_objections),
  };
}

const callColumns = sql`r.id, r.created_at, ${contactName} as name, r.phone_number, r.crm_email, r.original_name,
  r.user_id, r.status, a.result_class, a.lead_score, a.data ->> 'call_summary' as summary,
  a.data ->> 'call_results' as call_results, ${jsonArray('objections')} as objections,
  ${jsonArray('pain_points')} as pain_points, ${jsonArray('pricing_discussed')} as pricing`;

const figureColumns = sql`count(*)::int as calls, coalesce(sum(r.duration_sec), 0)::float8 as seconds,
  count(distinct coalesce(${contactKey}, 'call:' || r.id))::int as leads,
  count(a.recording_id)::int as analysed, round(avg(a.lead_score)::numeric, 1)::float8 as average_score,
  count(*) filter (where a.result_class = 'appointment')::int as appointment,
  count(*) filter (where a.result_class = 'follow_up')::int as follow_up,
  count(*) filter (where a.result_class = 'not_interested')::int as not_interested,
  count(*) filter (where a.result_class = 'other')::int as other,
  count(*) filter (where jsonb_array_length(${jsonArray('objections')}) > 0)::int as with_objections`;

/** A count that stops at `cap + 1` rows: enough to say "more than cap" without scanning everything. */
export const SEARCH_COUNT_CAP = 1000;

export function createCallInsightsRepository(db: Db) {
  const run = async (query: SQL) => rowsOf(await db.execute(query));

  return {
    /**
     * Leads with a call in the range (`called`), or whose first call in scope falls in it
     * (`created`), newest first. A call without any contact detail is a lead of its own.
     */
    async leads(
      scope: CallScope,
      range: CallRange,
      kind: 'called' | 'created',
      limit: number,
    ): Promise<{ total: number; leads: LeadRow[] }> {
      const earlier =
        kind === 'created' && range.from
          ? sql`where not exists (
              select 1 from recordings p
              where p.organization_id = ${scope.organizationId}
                ${scope.userId !== undefined ? sql`and p.user_id = ${scope.userId}` : sql``}
                and coalesce(nullif(p.crm_contact_id, ''), nullif(p.phone_number, ''), lower(nullif(p.crm_email, '')), lower(nullif(p.crm_contact_name, ''))) = per_lead.key
                and p.created_at < ${range.from.toISOString()}::timestamptz)`
          : sql``;
      const rows = await run(sql`
        with calls as (
          select r.id, r.created_at, r.status, coalesce(${contactKey}, 'call:' || r.id) as key, ${contactName} as name,
            r.phone_number, r.crm_email, r.original_name, a.lead_score, a.result_class,
            ${jsonArray('lead_score_reasons')} as reasons, a.data -> 'lead_score_factors' as factors,
            a.data ->> 'call_results' as call_results
          from recordings r left join analyses a on a.recording_id = r.id
          where ${scopeWhere(scope, range)}
        ), per_lead as (
          select distinct on (key) *, count(*) over (partition by key)::int as calls
          from calls order by key, created_at desc, id desc
        ), l as (select * from per_lead ${earlier})
        select *, count(*) over ()::int as total from l
        order by created_at desc, id desc limit ${limit}`);
      return { total: rows.length > 0 ? num(rows[0]!.total) : 0, leads: rows.map(toLead) };
    },

    /** Leads of the range by the lead score of their latest analysed call, best first. */
    async topLeads(
      scope: CallScope,
      range: CallRange,
      limit: number,
    ): Promise<{ total: number; leads: LeadRow[] }> {
      const rows = await run(sql`
        with calls as (
          select r.id, r.created_at, r.status, coalesce(${contactKey}, 'call:' || r.id) as key, ${contactName} as name,
            r.phone_number, r.crm_email, r.original_name, a.lead_score, a.result_class,
            ${jsonArray('lead_score_reasons')} as reasons, a.data -> 'lead_score_factors' as factors,
            a.data ->> 'call_results' as call_results
          from recordings r join analyses a on a.recording_id = r.id
          where ${scopeWhere(scope, range)} and a.lead_score is not null
        ), per_lead as (
          select distinct on (key) *, count(*) over (partition by key)::int as calls
          from calls order by key, created_at desc, id desc
        )
        select *, count(*) over ()::int as total from per_lead
        order by lead_score desc, created_at desc, id desc limit ${limit}`);
      return { total: rows.length > 0 ? num(rows[0]!.total) : 0, leads: rows.map(toLead) };
    },

    /** Calls matching every given filter, newest first, with a transcript excerpt around the words. */
    async searchCalls(
      scope: CallScope,
      range: CallRange,
      filters: CallFilters,
      limit: number,
    ): Promise<{ total: number; capped: boolean; calls: CallRow[] }> {
      const where = sql.join([scopeWhere(scope, range), ...filterWhere(filters)], sql` and `);
      const [count] = await run(sql`
        select count(*)::int as n from (
          select 1 from recordings r left join analyses a on a.recording_id = r.id where ${where}
          limit ${SEARCH_COUNT_CAP + 1}) c`);
      const n = num(count?.n);
      const tsq = filters.words ? assistantTsQuery(filters.words) : undefined;
      // The excerpt is computed on the page only (ts_headline reads the whole transcript).
      const snippet = tsq
        ? sql`ts_headline('simple', coalesce(page.transcript_text, ''), to_tsquery('simple', ${tsq}),
            'MaxFragments=1, MaxWords=24, MinWords=10, StartSel=⟦, StopSel=⟧, FragmentDelimiter=" … "')`
        : sql`null`;
      const rows = await run(sql`
        select page.*, ${snippet} as snippet from (
          select ${callColumns}, r.transcript_text
          from recordings r left join analyses a on a.recording_id = r.id
          where ${where}
          order by r.created_at desc, r.id desc limit ${limit}) page
        order by page.created_at desc, page.id desc`);
      return { total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP, calls: rows.map(toCall) };
    },

    async call(scope: CallScope, id: number): Promise<CallRow | undefined> {
      const rows = await run(sql`
        select ${callColumns}, null as snippet
        from recordings r left join analyses a on a.recording_id = r.id
        where ${scopeWhere(scope, {})} and r.id = ${id} limit 1`);
      return rows[0] ? toCall(rows[0]) : undefined;
    },

    async figures(scope: CallScope, range: CallRange): Promise<FiguresRow> {
      const [row] = await run(sql`
        select ${figureColumns} from recordings r left join analyses a on a.recording_id = r.id
        where ${scopeWhere(scope, range)}`);
      return toFigures(row ?? {});
    },

    /** Figures per rep of the organization, busiest first. */
    async figuresByRep(scope: CallScope, range: CallRange, limit: number): Promise<RepFiguresRow[]> {
      const rows = await run(sql`
        select r.user_id, u.first_name, u.last_name, ${figureColumns}
        from recordings r left join analyses a on a.recording_id = r.id left join users u on u.id = r.user_id
        where ${scopeWhere(scope, range)}
        group by r.user_id, u.first_name, u.last_name
        order by calls desc, r.user_id limit ${limit}`);
      return rows.map((r) => ({
        ...toFigures(r),
        userId: numOrNull(r.user_id),
        firstName: str(r.first_name),
        lastName: str(r.last_name),
      }));
    },

    /** The objections (or pain points) of the range, most frequent first, with their latest calls. */
    async phrases(
      scope: CallScope,
      range: CallRange,
      field: 'objections' | 'pain_points',
      limit: number,
    ): Promise<PhraseRow[]> {
      const rows = await run(sql`
        select min(p.phrase) as phrase, count(distinct p.id)::int as calls,
          (array_agg(p.id order by p.created_at desc, p.id desc))[1:3] as call_ids
        from (
          select r.id, r.created_at, trim(o.value) as phrase
          from recordings r join analyses a on a.recording_id = r.id
          cross join lateral jsonb_array_elements_text(${jsonArray(field)}) as o(value)
          where ${scopeWhere(scope, range)}
        ) p
        where p.phrase <> ''
        group by lower(p.phrase)
        order by calls desc, phrase limit ${limit}`);
      return rows.map((r) => ({ phrase: String(r.phrase), calls: num(r.calls), callIds: ints(r.call_ids) }));
    },
  };
}

export type CallInsightsRepository = ReturnType<typeof createCallInsightsRepository>;
