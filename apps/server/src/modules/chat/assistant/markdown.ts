/**
 * Markdown helpers for answers. Everything that comes from data (contact names, summaries,
 * transcript excerpts) goes through `escapeMd` so it is shown as text: it can neither open a link
 * nor format the answer. Dates are shown in the user's time zone.
 */
import type { Period } from './period.js';

export type Lang = 'en' | 'fr';

/** Shows data as plain text in markdown: one line, markdown and HTML syntax escaped. */
export function escapeMd(text: string, max = 300): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return cut.replace(/[\\`*_{}[\]()<>#+!|~]/gu, (c) => `\\${c}`).replace(/^([-=])/u, '\\$1');
}

export const callHref = (id: number) => `/main/call-analysis/${id}`;

export function callLink(label: string, id: number): string {
  return `[${label}](${callHref(id)})`;
}

const locale = (lang: Lang) => (lang === 'fr' ? 'fr-FR' : 'en-GB');

export function formatDateTime(d: Date, lang: Lang, timezone: string): string {
  return new Intl.DateTimeFormat(locale(lang), {
    timeZone: timezone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
}

export function formatDate(d: Date, lang: Lang, timezone: string, weekday = false): string {
  return new Intl.DateTimeFormat(locale(lang), {
    timeZone: timezone,
    ...(weekday ? { weekday: 'short' as const } : {}),
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
    .format(d)
    .replace(/^(\p{L}+\.?),/u, '$1');
}

/** A transcript excerpt from the search (matches between ⟦ ⟧) as escaped text with the matches in bold. */
export function excerpt(text: string, max = 240): string {
  return escapeMd(text, max)
    .replace(/⟦\s*/gu, '**')
    .replace(/\s*⟧/gu, '**')
    .replace(/\*\*\*\*/gu, '');
}

/** A number as the answer's language writes it: 47.8 in English, 47,8 in French. */
export function formatNumber(n: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1 }).format(n);
}

export function formatDuration(seconds: number, lang: Lang): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return lang === 'fr' ? `${h} h ${String(m).padStart(2, '0')} min` : `${h} h ${m} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

const PERIOD_NAMES: Record<Lang, Record<Period['key'], string>> = {
  en: {
    today: 'today',
    yesterday: 'yesterday',
    this_week: 'this week',
    last_week: 'last week',
    last_7_days: 'the last 7 days',
    this_month: 'this month',
    last_month: 'last month',
    last_30_days: 'the last 30 days',
    last_90_days: 'the last 90 days',
    all_time: 'all time',
  },
  fr: {
    today: 'aujourd’hui',
    yesterday: 'hier',
    this_week: 'cette semaine',
    last_week: 'la semaine dernière',
    last_7_days: 'les 7 derniers jours',
    this_month: 'ce mois-ci',
    last_month: 'le mois dernier',
    last_30_days: 'les 30 derniers jours',
    last_90_days: 'les 90 derniers jours',
    all_time: 'depuis le début',
  },
};

export const periodName = (period: Period, lang: Lang) => PERIOD_NAMES[lang][period.key];

/** "today (Sat 22 Nov 2026, UTC)", "this week (17 Nov 2026 – 23 Nov 2026, UTC)", "all time". */
export function periodLabel(period: Period, lang: Lang): string {
  const name = periodName(period, lang);
  if (!period.from || !period.to) return name;
  const last = new Date(period.to.getTime() - 1);
  const first = formatDate(period.from, lang, period.timezone, true);
  const end = formatDate(last, lang, period.timezone, true);
  const dates = first === end ? first : `${first} – ${end}`;
  return `${name} (${dates}, ${period.timezone})`;
}

/** A markdown table; cells are already markdown. */
export function table(head: readonly string[], rows: string[][]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\n/gu, ' ')).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}
