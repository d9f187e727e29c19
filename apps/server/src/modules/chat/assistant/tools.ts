/**
 * The assistant's tools over our own data, shared by the offline and the language-model engines.
 * Scope is decided here from the signed-in caller and nothing else: a rep (`user`) sees their own
 * calls, managers and admins their organization's; no tool takes an organization or user id as
 * input, so no question and no model output can widen it. Each tool answers in markdown that links
 * every call it uses (`/main/call-analysis/{id}`) and states the period it covers. Their words, in
 * English and French, are in tools-text.ts.
 */
import { isPriceSubject, objectionPattern } from './objection-topics.js';
import type {
  CallFilters,
  CallInsightsService,
  CallRow,
  CallScope,
  LeadRow,
} from '../../recordings/call-insights.service.js';
import {
  callLink,
  escapeMd,
  excerpt,
  formatDateTime,
  formatDuration,
  formatNumber,
  periodLabel,
  table,
  type Lang,
} from './markdown.js';
import { periodOf, type Period, type PeriodKey } from './period.js';
import { factorText, resultLabel, TOOL_TEXT, type ResultClass } from './tools-text.js';

export { RESULT_CLASSES, resultLabel, type ResultClass } from './tools-text.js';

export type AssistantCaller = { id: number; organizationId: number; role: 'admin' | 'manager' | 'user' };

export type AssistantContext = {
  caller: AssistantCaller;
  now: Date;
  timezone: string;
  lang: Lang;
};

/** A tool's answer: markdown, and the calls it linked (so an engine can check none were dropped). */
export type ToolAnswer = { markdown: string; callIds: number[]; period?: Period };

export const canSeeTeam = (caller: AssistantCaller) => caller.role === 'manager' || caller.role === 'admin';

/** Whose calls the caller may ask about: their own (rep) or the organization's (manager, admin). */
export function scopeOf(caller: AssistantCaller): CallScope {
  return canSeeTeam(caller)
    ? { organizationId: caller.organizationId }
    : { organizationId: caller.organizationId, userId: caller.id };
}

export type ToolInputs = {
  listLeads: { period: PeriodKey; kind: 'called' | 'created'; limit?: number };
  topLeads: { period: PeriodKey; limit?: number };
  findCalls: {
    period: PeriodKey;
    words?: string;
    contact?: string;
    result?: ResultClass;
    objection?: string;
    painPoint?: string;
    /**
     * A known subject (price, competitor, timing, decision maker; objection-topics.ts): calls that
     * said its words or raised an objection about it.
     */
    subject?: string;
    /** Only calls at least this long (seconds). */
    minSeconds?: number;
    /** Only calls shorter than this (seconds). */
    maxSeconds?: number;
    limit?: number;
  };
  /** One call: by its number, the latest with a contact, the latest about some words, or the latest. */
  callSummary: { callId?: number; contact?: string; words?: string };
  figures: { period: PeriodKey; team?: boolean };
  recurringPhrases: { period: PeriodKey; kind: 'objections' | 'pain_points'; limit?: number };
};

function leadName(l: {
  name: string | null;
  email: string | null;
  phone: string | null;
  originalName: string;
}) {
  return escapeMd(l.name ?? l.email ?? l.phone ?? l.originalName, 80);
}

function contactDetails(l: { name: string | null; email: string | null; phone: string | null }): string {
  const parts = [l.name ? l.phone : null, l.name || l.phone ? l.email : null].filter((p): p is string =>
    Boolean(p),
  );
  return parts.length > 0 ? ` · ${parts.map((p) => escapeMd(p, 60)).join(' · ')}` : '';
}

/** Honorifics said before a name ("madame Martin", "Mr Smith"): the name is what the call says. */
const HONORIFICS =
  /^(?:(?:mr|mrs|ms|miss|mister|dr|sir|madam|madame|mme|mademoiselle|mlle|monsieur|m)\.?\s+)+/iu;

export function createAssistantTools(insights: CallInsightsService, ctx: AssistantContext) {
  const t = TOOL_TEXT[ctx.lang];
  const scope = scopeOf(ctx.caller);
  const team = canSeeTeam(ctx.caller);
  const when = (d: Date) => formatDateTime(d, ctx.lang, ctx.timezone);
  const period = (key: PeriodKey) => periodOf(key, ctx.now, ctx.timezone);
  const header = (title: string, p?: Period) =>
    [
      `**${title}**`,
      p ? `${t.period}${t.colon}${periodLabel(p, ctx.lang)}` : undefined,
      `${t.scopeLabel}${t.colon}${t.scope(team)}`,
    ]
      .filter(Boolean)
      .join(' · ');
  const callLabel = (c: { id: number; createdAt: Date }) => callLink(when(c.createdAt), c.id);

  function leadTable(leads: LeadRow[]): string {
    return table(
      t.leadHead,
      leads.map((l) => [
        `${leadName(l)}${contactDetails(l)}`,
        String(l.calls),
        callLink(when(l.lastCallAt), l.lastCallId),
        resultLabel(l.resultClass, ctx.lang, l.status),
        l.leadScore === null ? '—' : String(l.leadScore),
      ]),
    );
  }

  function callTable(calls: CallRow[]): string {
    return table(
      t.callHead,
      calls.map((c) => [
        callLabel(c),
        `${leadName(c)}`,
        resultLabel(c.resultClass, ctx.lang, c.status),
        c.leadScore === null ? '—' : String(c.leadScore),
      ]),
    );
  }

  /**
   * Calls about a known subject: those that said the subject's words, and those with an objection
   * about it, merged newest first. Each search reads at most the largest page; past it the count
   * is a lower bound ("more than").
   */
  async function subjectSearch(p: Period, filters: CallFilters, subject: string, limit: number) {
    const page = 25;
    const none = { total: 0, calls: [] as CallRow[] };
    const [said, raised, priced] = await Promise.all([
      insights.searchCalls(scope, p, { ...filters, words: subject }, page),
      insights.searchCalls(
        scope,
        p,
        { ...filters, objection: subject, objectionPattern: objectionPattern(subject) },
        page,
      ),
      // "Which calls mention pricing?": a call whose analysis found a price spoke of it, in whatever words.
      isPriceSubject(subject)
        ? insights.searchCalls(scope, p, { ...filters, withPricing: true }, page)
        : none,
    ]);
    const byId = new Map<number, CallRow>();
    for (const c of [...said.calls, ...raised.calls, ...priced.calls]) if (!byId.has(c.id)) byId.set(c.id, c);
    const all = [...byId.values()].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
    );
    const partial =
      said.total > said.calls.length ||
      raised.total > raised.calls.length ||
      priced.total > priced.calls.length;
    return { total: all.length, capped: partial, calls: all.slice(0, limit) };
  }

  return {
    async listLeads(input: ToolInputs['listLeads']): Promise<ToolAnswer> {
      const p = period(input.period);
      const { total, leads } = await insights.leads(scope, p, input.kind, input.limit ?? 20);
      const title = `${input.kind === 'created' ? t.leadsCreated : t.leadsCalled} — ${t.nLeads(total)}`;
      if (leads.length === 0)
        return { markdown: `${header(title, p)}\n\n${t.noLeads}`, callIds: [], period: p };
      const more = total > leads.length ? `\n\n${t.showing(leads.length, total)}` : '';
      return {
        markdown: `${header(title, p)}\n\n${leadTable(leads)}${more}`,
        callIds: leads.map((l) => l.lastCallId),
        period: p,
      };
    },

    async topLeads(input: ToolInputs['topLeads']): Promise<ToolAnswer> {
      const p = period(input.period);
      const { leads } = await insights.topLeads(scope, p, input.limit ?? 5);
      if (leads.length === 0)
        return { markdown: `${header(t.topLeads, p)}\n\n${t.noTop}`, callIds: [], period: p };
      const items = leads.map((l, i) => {
        // Rules analyses say why as data, written in the question's language; others as they wrote it.
        const reasons = l.factors
          ? l.factors.map((f) => factorText(f, l.resultClass, ctx.lang)).join('; ')
          : l.reasons.length > 0
            ? l.reasons.map((r) => escapeMd(r, 160)).join('; ')
            : t.none;
        return [
          `${i + 1}. **${leadName(l)}** — ${l.leadScore ?? '—'}/100 · ${resultLabel(l.resultClass, ctx.lang, l.status)} · ${callLink(when(l.lastCallAt), l.lastCallId)}${contactDetails(l)}`,
          `   - ${t.reasons}${t.colon}${reasons}`,
          ...(l.callResults ? [`   - ${t.outcome}${t.colon}${escapeMd(l.callResults, 240)}`] : []),
        ].join('\n');
      });
      return {
        markdown: `${header(t.topLeads, p)}\n\n${items.join('\n')}\n\n_${t.topNote}_`,
        callIds: leads.map((l) => l.lastCallId),
        period: p,
      };
    },

    async findCalls(input: ToolInputs['findCalls']): Promise<ToolAnswer> {
      const p = period(input.period);
      const subject = input.subject?.trim() || undefined;
      const filters: CallFilters = {
        words: input.words?.trim() || undefined,
        contact: input.contact?.trim() || undefined,
        resultClass: input.result,
        objection: input.objection?.trim() || undefined,
        // "price" objections are said "too expensive", "un peu cher": a known subject's words.
        objectionPattern: input.objection ? objectionPattern(input.objection) : undefined,
        painPoint: input.painPoint?.trim() || undefined,
        minSeconds: input.minSeconds,
        maxSeconds: input.maxSeconds,
      };
      const limit = input.limit ?? 10;
      const { total, capped, calls } = subject
        ? await subjectSearch(p, filters, subject, limit)
        : await insights.searchCalls(scope, p, filters, limit);
      const described = [
        subject && t.filters.subject(escapeMd(subject, 80)),
        filters.words && t.filters.words(escapeMd(filters.words, 80)),
        filters.contact && t.filters.contact(escapeMd(filters.contact, 80)),
        filters.resultClass && t.filters.result(resultLabel(filters.resultClass, ctx.lang)),
        filters.objection && t.filters.objection(escapeMd(filters.objection, 80)),
        filters.painPoint && t.filters.painPoint(escapeMd(filters.painPoint, 80)),
        filters.minSeconds !== undefined && t.filters.longer(formatDuration(filters.minSeconds, ctx.lang)),
        filters.maxSeconds !== undefined && t.filters.shorter(formatDuration(filters.maxSeconds, ctx.lang)),
      ].filter(Boolean);
      const count = capped
        ? `${t.moreThan(total)} ${t.nCalls(total).replace(/^\d+ /u, '')}`
        : t.nCalls(total);
      const title = `${t.calls} ${described.join(', ')} — ${count}`;
      if (calls.length === 0)
        return { markdown: `${header(title, p)}\n\n${t.noCalls}`, callIds: [], period: p };
      const quotes = calls
        .map((c) =>
          c.snippet?.trim()
            ? `- ${callLabel(c)} — ${leadName(c)}: “${excerpt(c.snippet)}”`
            : subject && c.objections.length > 0
              ? `- ${callLabel(c)} — ${leadName(c)}: ${c.objections.map((o) => `“${escapeMd(o, 120)}”`).join('; ')}`
              : subject && isPriceSubject(subject) && c.pricing.length > 0
                ? `- ${callLabel(c)} — ${leadName(c)}: ${c.pricing.map((o) => escapeMd(o, 120)).join('; ')}`
                : undefined,
        )
        .filter((q): q is string => q !== undefined)
        .slice(0, 5);
      const more = total > calls.length ? `\n\n${t.showing(calls.length, total)}` : '';
      const said = quotes.length > 0 ? `\n\n${t.said}${t.colon.trimEnd()}\n${quotes.join('\n')}` : '';
      return {
        markdown: `${header(title, p)}\n\n${callTable(calls)}${more}${said}`,
        callIds: calls.map((c) => c.id),
        period: p,
      };
    },

    async callSummary(input: ToolInputs['callSummary']): Promise<ToolAnswer> {
      let call: CallRow | undefined;
      let title: string;
      if (input.callId !== undefined) {
        call = await insights.call(scope, input.callId);
        if (!call) return { markdown: t.noCallId(input.callId), callIds: [] };
        title = t.callNumber(call.id);
      } else {
        const contact = input.contact?.trim() || undefined;
        const words = input.words?.trim() || undefined;
        const { calls } = await insights.searchCalls(scope, {}, { contact, words }, 1);
        call = calls[0];
        let saidName = false;
        if (!call && contact && !words) {
          // "the call with James", "l'appel avec madame Martin": a name said in the call (the
          // rep greeting the prospect) when no contact field carries it.
          const name = contact.replace(HONORIFICS, '').trim() || contact;
          call = (await insights.searchCalls(scope, {}, { words: name }, 1)).calls[0];
          saidName = call !== undefined;
        }
        if (!call) {
          return {
            markdown: contact
              ? t.noCallWith(escapeMd(contact, 80))
              : words
                ? t.noCallAbout(escapeMd(words, 80))
                : t.noCallAtAll,
            callIds: [],
          };
        }
        title = contact
          ? saidName
            ? `${t.callWith(escapeMd(contact, 80))} — ${leadName(call)}`
            : t.callWith(leadName(call))
          : words
            ? `${t.callAbout(escapeMd(words, 80))} — ${leadName(call)}`
            : `${t.lastCall} — ${leadName(call)}`;
      }
      const lines = [
        `**${title}** — ${callLabel(call)}${contactDetails(call)}`,
        `${t.period}${t.colon}${when(call.createdAt)} (${ctx.timezone}) · ${t.scopeLabel}${t.colon}${t.scope(team)}`,
        '',
      ];
      if (call.resultClass === null && call.summary === null) {
        lines.push(call.status === 'failed' ? t.failed : t.notAnalysed);
      } else {
        lines.push(
          `- **${t.result}${t.colon.trimEnd()}** ${resultLabel(call.resultClass, ctx.lang)}${call.leadScore === null ? '' : ` · ${t.leadScore} ${call.leadScore}/100`}`,
          `- **${t.summary}${t.colon.trimEnd()}** ${call.summary ? escapeMd(call.summary, 600) : '—'}`,
          `- **${t.outcome}${t.colon.trimEnd()}** ${call.callResults ? escapeMd(call.callResults, 400) : '—'}`,
          `- **${t.objections}${t.colon.trimEnd()}** ${call.objections.length > 0 ? call.objections.map((o) => escapeMd(o, 120)).join('; ') : t.none}`,
          `- **${t.painPoints}${t.colon.trimEnd()}** ${call.painPoints.length > 0 ? call.painPoints.map((o) => escapeMd(o, 120)).join('; ') : t.none}`,
          `- **${t.pricing}${t.colon.trimEnd()}** ${call.pricing.length > 0 ? call.pricing.map((o) => escapeMd(o, 120)).join('; ') : t.none}`,
        );
      }
      return { markdown: lines.join('\n'), callIds: [call.id] };
    },

    async figures(input: ToolInputs['figures']): Promise<ToolAnswer> {
      const p = period(input.period);
      const wantsTeam = input.team === true;
      const asTeam = wantsTeam && team;
      const own = { organizationId: ctx.caller.organizationId, userId: ctx.caller.id };
      const f = await insights.figures(asTeam ? scope : own, p);
      const title = asTeam ? t.teamFigures : t.yourFigures;
      const head = [
        `**${title}**`,
        `${t.period}${t.colon}${periodLabel(p, ctx.lang)}`,
        `${t.scopeLabel}${t.colon}${t.scope(asTeam)}`,
      ].join(' · ');
      const row = [
        String(f.calls),
        formatDuration(f.seconds, ctx.lang),
        String(f.leads),
        String(f.appointment),
        String(f.followUp),
        String(f.notInterested),
        f.averageScore === null ? '—' : formatNumber(f.averageScore, ctx.lang),
      ];
      const parts = [wantsTeam && !team ? `_${t.teamOnly}_\n\n${head}` : head, table(t.figHead, [row])];
      if (asTeam) {
        const reps = await insights.figuresByRep(scope, p);
        if (reps.length > 0) {
          parts.push(
            table(
              t.repHead,
              reps.map((r) => [
                r.userId === null
                  ? t.unassigned
                  : escapeMd([r.firstName, r.lastName].filter(Boolean).join(' ') || `#${r.userId}`, 80),
                String(r.calls),
                String(r.appointment),
                r.averageScore === null ? '—' : formatNumber(r.averageScore, ctx.lang),
              ]),
            ),
          );
        }
      }
      parts.push(t.seeRecordings);
      return { markdown: parts.join('\n\n'), callIds: [], period: p };
    },

    async recurringPhrases(input: ToolInputs['recurringPhrases']): Promise<ToolAnswer> {
      const p = period(input.period);
      const rows = await insights.phrases(scope, p, input.kind, input.limit ?? 8);
      const title = t.phrasesTitle(input.kind);
      if (rows.length === 0) {
        return { markdown: `${header(title, p)}\n\n${t.noPhrases(input.kind)}`, callIds: [], period: p };
      }
      const ids = new Set<number>();
      const items = rows.map((r, i) => {
        r.callIds.forEach((id) => ids.add(id));
        const links = r.callIds.map((id) => callLink(`#${id}`, id)).join(', ');
        return `${i + 1}. **${escapeMd(r.phrase, 120)}** — ${t.phraseCalls(r.calls)}${t.colon}${links}`;
      });
      return { markdown: `${header(title, p)}\n\n${items.join('\n')}`, callIds: [...ids], period: p };
    },
  };
}

export type AssistantTools = ReturnType<typeof createAssistantTools>;
