/**
 * Price mentions: finds amounts that carry a currency (symbol, code or word: "$299", "299 $",
 * "1 200 €", "2k dollars", "50 bucks", "1,200 euros") with the period that follows or precedes them
 * ("per month", "/mo", "a year", "per seat", "par mois", "par utilisateur", "one-time", "setup fee",
 * "paiement unique"), and writes each in one canonical form per language: "$299 per month",
 * "$49 per user per month", "$5,000 one-time", "1 200 € par mois". Bare numbers without a currency
 * are ignored on purpose ("300 calls a month" is not a price).
 */
import type { EngineLanguage } from '../language.js';

export type Currency = 'USD' | 'CAD' | 'EUR' | 'GBP';
export type TimeUnit = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';
export type CountUnit = 'user' | 'seat' | 'location' | 'license';

/** A parsed price: amount, currency and what it is counted per. */
export type Price = {
  amount: number;
  currency: Currency;
  per: CountUnit | null;
  period: TimeUnit | 'one-time' | null;
};

const NUM = String.raw`\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const MULT = String.raw`(?:\s?(?:k|K)(?![\p{L}])|\s(?:thousand|grand|mille|million|millions)(?![\p{L}]))?`;
const SYMBOL_BEFORE = String.raw`(?:US\$|USD\s?|CA\$|C\$|CAD\s?|\$|€|EUR\s?|£|GBP\s?)`;
const CURRENCY_AFTER = String.raw`(?:\s?(?:\$\s?(?:CA|CAD|US|USD)?|€|£)|\s(?:canadian dollars?|dollars? canadiens?|us dollars?|dollars?|bucks|usd|cad|euros?|eur|pounds?|gbp|quid|livres?))`;

const AMOUNT_RE = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(?:(?<sym>${SYMBOL_BEFORE})\s?(?<n1>${NUM})(?<m1>${MULT})(?:\s(?<w1>dollars?|bucks|euros?))?|(?<n2>${NUM})(?<m2>${MULT})(?<cur>${CURRENCY_AFTER}))(?![\p{N}])`,
  'giu',
);

type UnitHit = { per?: CountUnit; period?: TimeUnit | 'one-time'; length: number };

const TIME_WORDS: [RegExp, TimeUnit][] = [
  [/^(?:mo|mos|month|months|mth|mois|monthly|mensuel(?:le)?s?|par mois)(?![\p{L}\p{N}])/iu, 'month'],
  [
    /^(?:yr|yrs|year|years|annum|an|ans|annee|année|annually|yearly|annuel(?:le)?s?)(?![\p{L}\p{N}])/iu,
    'year',
  ],
  [/^(?:wk|week|weeks|weekly|semaine|hebdomadaire)(?![\p{L}\p{N}])/iu, 'week'],
  [/^(?:day|days|daily|jour|jours)(?![\p{L}\p{N}])/iu, 'day'],
  [/^(?:hr|hour|hours|hourly|heure|heures)(?![\p{L}\p{N}])/iu, 'hour'],
  [/^(?:quarter|quarterly|trimestre|trimestriel(?:le)?)(?![\p{L}\p{N}])/iu, 'quarter'],
];
const COUNT_WORDS: [RegExp, CountUnit][] = [
  [
    /^(?:user|users|utilisateur|utilisateurs|utilisatrice|person|personne|head|employee|employé|employe|agent|agents)(?![\p{L}\p{N}])/iu,
    'user',
  ],
  [/^(?:seat|seats|siège|siege|poste|postes)(?![\p{L}\p{N}])/iu, 'seat'],
  [
    /^(?:location|locations|site|sites|store|branch|clinic|clinique|succursale|établissement|etablissement)(?![\p{L}\p{N}])/iu,
    'location',
  ],
  [/^(?:license|licence|licenses|licences)(?![\p{L}\p{N}])/iu, 'license'],
];

const CONNECTOR = /^\s*(?:\/\s*|(?:per|a|an|each|every|par|chaque|by the|le|la|de la)\s+|de l')?/iu;
const STANDALONE_PERIOD =
  /^(?:monthly|yearly|annually|weekly|daily|hourly|quarterly|mensuel|annuel|hebdomadaire|trimestriel)/iu;
const ONE_TIME_AFTER =
  /^\s*(?:one[- ]time(?: fee| payment| charge| cost)?|one[- ]off|once|upfront|up front|flat fee|setup fee|set[- ]up fee|installation fee|paiement unique|frais uniques?|une seule fois|une fois|en une fois|frais d'installation|frais de mise en (?:place|service))(?![\p{L}])/iu;

/** Reads one unit at the start of `s` ("per month", "/mo", "a year", "par utilisateur", "monthly"). */
function readUnit(s: string): UnitHit | null {
  const lead = CONNECTOR.exec(s)?.[0] ?? '';
  const rest = s.slice(lead.length);
  const hasConnector = lead.trim().length > 0;
  for (const [re, unit] of TIME_WORDS) {
    const w = re.exec(rest);
    if (!w) continue;
    // "a year" needs its connector; "monthly"/"mensuel" stand alone.
    if (!hasConnector && !STANDALONE_PERIOD.test(w[0])) continue;
    return { period: unit, length: lead.length + w[0].length };
  }
  if (hasConnector) {
    for (const [re, unit] of COUNT_WORDS) {
      const w = re.exec(rest);
      if (w) return { per: unit, length: lead.length + w[0].length };
    }
  }
  const once = ONE_TIME_AFTER.exec(s);
  if (once) return { period: 'one-time', length: once[0].length };
  return null;
}

const SKIPPABLE_AFTER =
  /^(?:\s*(?:\+|plus)?\s*(?:tax(?:es)?|hors taxes?|ht|ttc|h\.t\.|t\.t\.c\.|taxes en sus|before tax|excluding tax|flat|total|all in|tout compris)(?![\p{L}]))?/iu;

const ONE_TIME_BEFORE =
  /(?:one[- ]time|one[- ]off|(?:setup|set[- ]up|installation|onboarding|activation) (?:fee|cost|charge)|upfront|up front|frais d'installation|frais de mise en (?:place|service)|frais uniques?|paiement unique)(?![\p{L}])[^.?!]{0,25}$/iu;
const PERIOD_BEFORE: [RegExp, TimeUnit][] = [
  [/(?:monthly|month to month|mensuel(?:le)?s?|par mois)(?![\p{L}])[^.?!$€£]{0,20}$/iu, 'month'],
  [/(?:annual|yearly|annuel(?:le)?s?|par an)(?![\p{L}])[^.?!$€£]{0,20}$/iu, 'year'],
];

function parseNumber(raw: string, mult: string): number {
  let s = raw.replace(/[\u00a0\u202f ]/gu, '');
  // A separator followed by exactly three digits groups thousands; otherwise it is the decimal mark.
  s = s.replace(/[.,](?=\d{3}(?:\D|$))/gu, '');
  s = s.replace(',', '.');
  let n = Number.parseFloat(s);
  const m = mult.trim().toLowerCase();
  if (m === 'k' || m === 'thousand' || m === 'grand' || m === 'mille') n *= 1000;
  else if (m === 'million' || m === 'millions') n *= 1_000_000;
  return Math.round(n * 100) / 100;
}

function currencyOf(sym: string | undefined, after: string | undefined, word: string | undefined): Currency {
  const s = `${sym ?? ''} ${after ?? ''} ${word ?? ''}`.toLowerCase();
  if (/ca\$|c\$|cad|canad/u.test(s)) return 'CAD';
  if (/€|eur/u.test(s)) return 'EUR';
  if (/£|gbp|pound|quid|livre/u.test(s)) return 'GBP';
  return 'USD';
}

type Found = Price & { index: number; end: number };

/** All price mentions in `text`, in order, each with its period when one is stated. */
export function findPrices(text: string): Price[] {
  const found: Found[] = [];
  AMOUNT_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = AMOUNT_RE.exec(text)) !== null) {
    const g = m.groups ?? {};
    const raw = g.n1 ?? g.n2;
    if (!raw) continue;
    const amount = parseNumber(raw, g.m1 ?? g.m2 ?? '');
    if (!Number.isFinite(amount) || amount <= 0) continue;
    const price: Found = {
      amount,
      currency: currencyOf(g.sym, g.cur, g.w1),
      per: null,
      period: null,
      index: m.index,
      end: m.index + m[0].length,
    };
    // Units after the amount: up to two ("per user per month"), taxes wording skipped.
    let rest = text.slice(price.end, price.end + 80);
    rest = rest.slice(SKIPPABLE_AFTER.exec(rest)?.[0].length ?? 0);
    for (let i = 0; i < 2; i++) {
      const u = readUnit(rest);
      if (!u) break;
      if (u.per && !price.per) price.per = u.per;
      if (u.period && !price.period) price.period = u.period;
      rest = rest.slice(u.length);
      rest = rest.slice(SKIPPABLE_AFTER.exec(rest)?.[0].length ?? 0);
    }
    if (!price.period) {
      const before = text.slice(Math.max(0, price.index - 60), price.index);
      if (ONE_TIME_BEFORE.test(before)) price.period = 'one-time';
      else for (const [re, unit] of PERIOD_BEFORE) if (re.test(before)) price.period = unit;
    }
    found.push(price);
  }
  // "$200 to $300 a month": the first amount of a range takes the second one's units.
  for (let i = 0; i + 1 < found.length; i++) {
    const a = found[i];
    const b = found[i + 1];
    if (!a || !b || a.period || a.per) continue;
    if (/^\s*(?:to|-|–|or|à|a|ou|and|et)\s*$/iu.test(text.slice(a.end, b.index))) {
      a.period = b.period;
      a.per = b.per;
    }
  }
  return found.map(({ amount, currency, per, period }) => ({ amount, currency, per, period }));
}

function formatAmount(amount: number, language: EngineLanguage): string {
  const fixed = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  const [int = '', dec] = fixed.split('.');
  // English groups thousands with commas ("5,000"), French with spaces ("1 200").
  const grouped = int.length > 3 ? int.replace(/\B(?=(\d{3})+$)/gu, language === 'fr' ? ' ' : ',') : int;
  if (dec === undefined) return grouped;
  return language === 'fr' ? `${grouped},${dec}` : `${grouped}.${dec}`;
}

const EN_PER: Record<CountUnit, string> = {
  user: 'user',
  seat: 'seat',
  location: 'location',
  license: 'license',
};
const FR_PER: Record<CountUnit, string> = {
  user: 'utilisateur',
  seat: 'poste',
  location: 'établissement',
  license: 'licence',
};
const EN_PERIOD: Record<TimeUnit, string> = {
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};
const FR_PERIOD: Record<TimeUnit, string> = {
  hour: 'heure',
  day: 'jour',
  week: 'semaine',
  month: 'mois',
  quarter: 'trimestre',
  year: 'an',
};

/** "$299 per month", "CA$49 per user per month", "$5,000 one-time", "1 200 € par mois", "49 $ CA par poste". */
export function formatPrice(p: Price, language: EngineLanguage): string {
  const amount = formatAmount(p.amount, language);
  let head: string;
  if (language === 'fr') {
    const sym = { USD: '$', CAD: '$ CA', EUR: '€', GBP: '£' }[p.currency];
    head = `${amount} ${sym}`;
  } else {
    const sym = { USD: '$', CAD: 'CA$', EUR: '€', GBP: '£' }[p.currency];
    head = `${sym}${amount}`;
  }
  const parts = [head];
  if (p.per) parts.push(language === 'fr' ? `par ${FR_PER[p.per]}` : `per ${EN_PER[p.per]}`);
  if (p.period === 'one-time') parts.push(language === 'fr' ? 'paiement unique' : 'one-time');
  else if (p.period)
    parts.push(language === 'fr' ? `par ${FR_PERIOD[p.period]}` : `per ${EN_PERIOD[p.period]}`);
  return parts.join(' ');
}

/** A comparable key: amount, currency, unit and period ("299|USD|-|month"). */
export function priceKey(p: Price): string {
  return `${p.amount}|${p.currency}|${p.per ?? '-'}|${p.period ?? '-'}`;
}
