/**
 * Price mentions, in digits or in words, English and French: "$299/mo", "1 200 € par mois",
 * "two hundred ninety nine dollars per month", "three hundred and fifty to five hundred dollars",
 * "twelve hundred a quarter", "nine dollars per seat per month", "soixante-quinze dollars par mois",
 * "mille deux cents euros". Each is normalised to amount (and upper bound for a range), currency,
 * count unit and period, keeps the words the speaker used, and is written back in one canonical form
 * per language ("$299 per month", "1 200 € par mois") followed by the spoken form when it differs.
 *
 * Method: the text is cut into tokens (amounts in digits, words, currency symbols, "/", "%", other
 * punctuation); numbers are read from digits or from number words (`../numbers.ts`); then each
 * number is judged by its neighbours:
 *  - a currency next to it (symbol before, or symbol, code or word after) makes it a price;
 *  - with no currency, a period right after it ("twelve hundred a quarter", "99 par mois") makes it a
 *    price only when the sentence speaks of money (pay, cost, price, budget, coûte, tarif…), and the
 *    number is not a small count (< 5);
 *  - a number joined to a price by "to", "-", "or", "à", "ou" (or "between … and", "entre … et")
 *    forms a range with it and shares its currency and units ("between three and four hundred
 *    dollars" reads 300–400);
 *  - a percentage, or a number followed by a noun before any period ("300 calls a month"), a year or
 *    a clock time is never a price; nor are single digits said one by one (phone numbers), since the
 *    number reader never joins them.
 * Units after the amount: up to two of "per/a/each/every/par/chaque/le/la/"/"" + a period (hour…year)
 * or a count unit (user, seat, location…), or a standalone "monthly", "annual", "one-time",
 * "setup fee"; "plus tax"/"HT"/"TTC" are skipped. A period said before the amount ("the annual plan
 * is $2,990", "setup fee of $500") counts when nothing follows.
 */
import type { EngineLanguage } from '../language.js';
import { readNumberWords, type NumberLanguage } from '../numbers.js';

export type Currency = 'USD' | 'CAD' | 'EUR' | 'GBP';
export type TimeUnit = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';
/**
 * What a price is counted per: a known unit in canonical form ("user" for user, employee, agent,
 * head; "location" for site, store, clinic…) or, for any other noun after "per"/"par"/"each", that
 * noun in the singular ("pallet", "listing", "kilometre").
 */
export type CountUnit = string;

/** A parsed price: amount (lower bound of a range), currency and what it is counted per. */
export type Price = {
  amount: number;
  /** Upper bound when the speaker gave a range ("$200 to $300"). */
  amountMax?: number;
  currency: Currency;
  per: CountUnit | null;
  period: TimeUnit | 'one-time' | null;
  /** The unit as said when it is not one of the canonical units ("pièce" for `per: 'piece'`). */
  perText?: string;
  /** The words as spoken, from the first amount to the last unit ("two ninety nine a month"). */
  spoken?: string;
};

type TokKind = 'num' | 'word' | 'sym' | 'pct' | 'slash' | 'dash' | 'punct';
type Tok = { kind: TokKind; raw: string; w: string; start: number; end: number };

const TOKEN_RE =
  /(?<num>\d{1,3}(?:(?:,|\.|\u00a0|\u202f| )\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d))|(?<sym>US\$|CA\$|C\$|\$|€|£)|(?<word>[\p{L}]+(?:['’][\p{L}]+)*)|(?<pct>%)|(?<slash>\/)|(?<dash>[-–—])|(?<punct>[.,;:!?…()"“”«»])/gu;

const ACCENTS = /\p{M}/gu;
const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(ACCENTS, '').replace(/’/gu, "'");

function tokenize(text: string): Tok[] {
  const out: Tok[] = [];
  TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN_RE.exec(text)) !== null) {
    const g = m.groups ?? {};
    const kind: TokKind = g.num
      ? 'num'
      : g.sym
        ? 'sym'
        : g.word
          ? 'word'
          : g.pct
            ? 'pct'
            : g.slash
              ? 'slash'
              : g.dash
                ? 'dash'
                : 'punct';
    out.push({ kind, raw: m[0], w: fold(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function parseDigits(raw: string): number {
  let s = raw.replace(/[\u00a0\u202f ]/gu, '');
  // A separator followed by exactly three digits groups thousands; otherwise it is the decimal mark.
  s = s.replace(/[.,](?=\d{3}(?:\D|$))/gu, '');
  s = s.replace(',', '.');
  return Number.parseFloat(s);
}

const DIGIT_SCALES: Record<string, number> = {
  k: 1000,
  thousand: 1000,
  grand: 1000,
  mille: 1000,
  million: 1_000_000,
  millions: 1_000_000,
  m: 1_000_000,
};

type NumberSpan = { value: number; scale: number; from: number; to: number };

/** Reads a number at token `i` (digits with an optional scale word, or number words). */
function readNumber(
  toks: readonly Tok[],
  i: number,
  languages: readonly NumberLanguage[],
): NumberSpan | null {
  const t = toks[i];
  if (!t) return null;
  if (t.kind === 'num') {
    let value = parseDigits(t.raw);
    let to = i + 1;
    let scale = 1;
    const next = toks[to];
    // "2k", "1.5 million", "5 mille": a scale word right after the digits.
    const s = next?.kind === 'word' ? DIGIT_SCALES[next.w] : undefined;
    // "m" counts only glued to the digits ("2m"), so "5 m" (metres) stays a bare number.
    if (next && s && (next.w !== 'm' || next.start === t.end)) {
      value *= s;
      scale = s;
      to++;
    }
    return Number.isFinite(value) ? { value, scale, from: i, to } : null;
  }
  if (t.kind !== 'word') return null;
  let best: NumberSpan | null = null;
  for (const lang of languages) {
    // Number words may be split by hyphens ("forty-nine", "quatre-vingt-dix"): read words only.
    const idx: number[] = [];
    const words: string[] = [];
    for (let j = i; j < toks.length && words.length < 12; j++) {
      const tj = toks[j];
      if (!tj) break;
      if (tj.kind === 'dash' && words.length > 0) continue;
      if (tj.kind !== 'word') break;
      idx.push(j);
      words.push(tj.w);
    }
    const r = readNumberWords(words, 0, lang);
    if (!r) continue;
    const lastIdx = idx[r.length - 1];
    if (lastIdx === undefined) continue;
    if (!best || lastIdx + 1 > best.to) best = { value: r.value, scale: r.scale, from: i, to: lastIdx + 1 };
  }
  return best;
}

// ---- currency -------------------------------------------------------------------------------

const CURRENCY_WORDS: Record<string, Currency> = {
  dollar: 'USD',
  dollars: 'USD',
  buck: 'USD',
  bucks: 'USD',
  usd: 'USD',
  cad: 'CAD',
  euro: 'EUR',
  euros: 'EUR',
  eur: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
  quid: 'GBP',
  gbp: 'GBP',
  livre: 'GBP',
  livres: 'GBP',
  balles: 'EUR',
  piastre: 'USD',
  piastres: 'USD',
  piasse: 'USD',
  piasses: 'USD',
};

/** What marks a call in pounds sterling: the sign, "quid", "sterling", the code. */
export const STERLING = /£|(?<![\p{L}])(?:quid|sterling|gbp)(?![\p{L}])/iu;

function symbolCurrency(sym: string): Currency {
  if (sym === '€') return 'EUR';
  if (sym === '£') return 'GBP';
  if (sym === 'CA$' || sym === 'C$') return 'CAD';
  return 'USD';
}

/** A currency said after the number: "$", "$ CA", "dollars", "canadian dollars", "dollars canadiens". */
function currencyAfter(
  toks: readonly Tok[],
  i: number,
  language: EngineLanguage,
  poundIsMoney = true,
): { currency: Currency; to: number } | null {
  const t = toks[i];
  if (!t) return null;
  if (t.kind === 'sym') {
    let to = i + 1;
    let currency = symbolCurrency(t.raw);
    const n = toks[to];
    if (n?.kind === 'word' && (n.w === 'ca' || n.w === 'cad')) {
      currency = 'CAD';
      to++;
    } else if (n?.kind === 'word' && (n.w === 'us' || n.w === 'usd')) to++;
    return { currency, to };
  }
  if (t.kind !== 'word') return null;
  // "canadian dollars", "us dollars", "american dollars".
  if ((t.w === 'canadian' || t.w === 'us' || t.w === 'american') && toks[i + 1]) {
    const c = CURRENCY_WORDS[toks[i + 1]?.w ?? ''];
    if (c === 'USD') return { currency: t.w === 'canadian' ? 'CAD' : 'USD', to: i + 2 };
  }
  const c = CURRENCY_WORDS[t.w];
  if (!c) return null;
  // "Thirteen fifty a pound", "a five thousand pound forklift": outside a call in pounds sterling a
  // pound is a weight.
  if (c === 'GBP' && !poundIsMoney && /^(?:pounds?|livres?)$/u.test(t.w)) return null;
  // French slang "balles" means the local currency; it is a price word in French only.
  if (t.w === 'balles' && language !== 'fr') return null;
  let to = i + 1;
  let currency = c;
  const n = toks[to];
  if (c === 'USD' && n?.kind === 'word' && /^(?:canadiens?|ca|cad)$/u.test(n.w)) {
    currency = 'CAD';
    to++;
  } else if (c === 'USD' && n?.kind === 'word' && /^(?:americains?|us)$/u.test(n.w)) to++;
  return { currency, to };
}

// ---- units ------------------------------------------------------------------------------------

const TIME_WORDS: Record<string, TimeUnit> = {
  mo: 'month',
  mos: 'month',
  mth: 'month',
  month: 'month',
  months: 'month',
  mois: 'month',
  yr: 'year',
  yrs: 'year',
  year: 'year',
  years: 'year',
  annum: 'year',
  an: 'year',
  annee: 'year',
  wk: 'week',
  week: 'week',
  semaine: 'week',
  day: 'day',
  jour: 'day',
  journee: 'day',
  hr: 'hour',
  hour: 'hour',
  heure: 'hour',
  quarter: 'quarter',
  trimestre: 'quarter',
};
const STANDALONE_PERIODS: Record<string, TimeUnit> = {
  monthly: 'month',
  mensuel: 'month',
  mensuelle: 'month',
  mensuels: 'month',
  mensuelles: 'month',
  yearly: 'year',
  annually: 'year',
  annual: 'year',
  annuel: 'year',
  annuelle: 'year',
  annuels: 'year',
  annuelles: 'year',
  weekly: 'week',
  hebdomadaire: 'week',
  daily: 'day',
  hourly: 'hour',
  quarterly: 'quarter',
  trimestriel: 'quarter',
  trimestrielle: 'quarter',
};
const COUNT_WORDS: Record<string, CountUnit> = {
  user: 'user',
  users: 'user',
  utilisateur: 'user',
  utilisatrice: 'user',
  person: 'user',
  personne: 'user',
  head: 'user',
  employee: 'user',
  employe: 'user',
  agent: 'user',
  member: 'user',
  membre: 'user',
  seat: 'seat',
  siege: 'seat',
  // Weights and volumes: goods priced by quantity ("eleven dollars a pound", "deux euros le kilo").
  pound: 'pound',
  lb: 'pound',
  kilo: 'kilogram',
  kg: 'kilogram',
  kilogram: 'kilogram',
  kilogramme: 'kilogram',
  ton: 'ton',
  tonne: 'ton',
  gallon: 'gallon',
  litre: 'liter',
  liter: 'liter',
  poste: 'seat',
  location: 'location',
  site: 'location',
  store: 'location',
  branch: 'location',
  office: 'location',
  clinic: 'location',
  clinique: 'location',
  succursale: 'location',
  etablissement: 'location',
  magasin: 'location',
  bureau: 'location',
  license: 'license',
  licence: 'license',
  device: 'device',
  appareil: 'device',
  vehicle: 'vehicle',
  truck: 'vehicle',
  van: 'vehicle',
  vehicule: 'vehicle',
  camion: 'vehicle',
  contact: 'contact',
  lead: 'lead',
  call: 'call',
  appel: 'call',
  minute: 'minute',
  text: 'message',
  message: 'message',
  sms: 'message',
  texto: 'message',
  visit: 'visit',
  visite: 'visit',
  appointment: 'visit',
  job: 'job',
  project: 'job',
  projet: 'job',
  intervention: 'job',
  unit: 'unit',
  door: 'unit',
  logement: 'unit',
  unite: 'unit',
  room: 'unit',
  chambre: 'unit',
};
/** Words that introduce a unit: "per month", "a year", "par mois", "la pièce", "du kilomètre". */
const CONNECTORS = new Set(['per', 'a', 'an', 'each', 'every', 'par', 'chaque', 'le', 'la', 'du', 'de']);
/** Connectors after which any noun is a count unit ("per pallet", "par pièce", "la pièce"). */
const OPEN_CONNECTORS = new Set(['per', 'each', 'every', 'par', 'chaque', 'la', 'le', 'du']);
const ONE_TIME_WORDS = [
  ['one', 'time'],
  ['one', 'off'],
  ['onetime'],
  ['once'],
  ['upfront'],
  ['up', 'front'],
  ['flat', 'fee'],
  ['setup', 'fee'],
  ['set', 'up', 'fee'],
  ['installation', 'fee'],
  ['paiement', 'unique'],
  ['frais', 'unique'],
  ['frais', 'uniques'],
  ['une', 'seule', 'fois'],
  ['une', 'fois'],
  ['en', 'une', 'fois'],
] as const;
/** Multi-word periods said without a connector. */
const PERIOD_PHRASES: readonly [readonly string[], TimeUnit][] = [
  [['month', 'to', 'month'], 'month'],
  [['mois', 'par', 'mois'], 'month'],
];
const SKIP_WORDS = new Set([
  'plus',
  'tax',
  'taxes',
  'ht',
  'ttc',
  'hors',
  'sus',
  'before',
  'excluding',
  'flat',
  'total',
  'tout',
  'compris',
  'us',
  'cad',
  'usd',
]);
/** Verbs of billing that may stand between an amount and its period ("billed monthly", "payé une seule fois"). */
const BILLING = /^(?:billed|paid|charged|factures?|factures?|payes?|payable)$/u;
/** Words after which a noun ends the phrase, so "a case" in "thirty six a case right now" is a unit. */
const AFTER_UNIT = new Set(['and', 'or', 'right', 'from', 'plus', 'with', 'et', 'ou', 'avec', 'chez']);

type UnitRead = { per?: CountUnit; perText?: string; period?: TimeUnit | 'one-time'; to: number };

/** Strips a plural "s"/"x" ("seats", "locations", "trucks", "bureaux"). */
const singular = (w: string) =>
  w.length > 3 && (w.endsWith('s') || w.endsWith('x')) && !w.endsWith('ss') ? w.slice(0, -1) : w;

/** Whether `words` follow from token i (hyphens between them allowed: "one-time", "set-up"). */
function wordsAt(toks: readonly Tok[], i: number, words: readonly string[]): number | null {
  let j = i;
  for (const [k, w] of words.entries()) {
    if (k > 0 && toks[j]?.kind === 'dash') j++;
    const t = toks[j];
    if (t?.kind !== 'word' || t.w !== w) return null;
    j++;
  }
  return j;
}

const isWord = (t: Tok | undefined): t is Tok => t?.kind === 'word';

/** One unit starting at token i ("per month", "/mo", "a year", "par utilisateur", "monthly", "one-time"). */
function readUnit(toks: readonly Tok[], i: number, priced: boolean): UnitRead | null {
  const t = toks[i];
  if (!t) return null;
  for (const words of ONE_TIME_WORDS) {
    const to = wordsAt(toks, i, words);
    if (to !== null) return { period: 'one-time', to };
  }
  if (isWord(t) && STANDALONE_PERIODS[t.w]) return { period: STANDALONE_PERIODS[t.w], to: i + 1 };
  for (const [words, period] of PERIOD_PHRASES) {
    const to = wordsAt(toks, i, words);
    if (to !== null) return { period, to };
  }
  let j = i;
  if (t.kind === 'slash') j++;
  else if (isWord(t) && CONNECTORS.has(t.w)) j++;
  else if (isWord(t) && t.w === 'by' && toks[i + 1]?.w === 'the') j += 2;
  else return null;
  const u = toks[j];
  if (!isWord(u)) return null;
  // "de l'heure", "à l'unité": the elided article belongs to the unit.
  const w = u.w.replace(/^l'/u, '');
  if (t.w === 'de' && w === u.w) return null;
  const period = TIME_WORDS[w];
  if (period) return { period, to: j + 1 };
  if (w === 'square' && (toks[j + 1]?.w === 'foot' || toks[j + 1]?.w === 'feet'))
    return { per: 'square foot', to: j + 2 };
  const known = COUNT_WORDS[w] ?? COUNT_WORDS[singular(w)];
  if (known) return { per: known, to: j + 1 };
  if (NOT_UNITS.has(w) || w.length < 3) return null;
  // Any other noun: after "per"/"par"/"each"/"la" always; after "a"/"an" only for a priced amount
  // whose phrase ends there ("twenty two bucks a pallet a month", "thirty six a case").
  const open = t.kind === 'slash' || OPEN_CONNECTORS.has(t.w);
  const next = toks[j + 1];
  const ends =
    !next || next.kind === 'punct' || (isWord(next) && (CONNECTORS.has(next.w) || AFTER_UNIT.has(next.w)));
  // "three fifty a desk per month": another unit after the noun confirms it.
  const chained =
    isWord(next) && CONNECTORS.has(next.w) && isWord(toks[j + 2]) && !!TIME_WORDS[toks[j + 2]?.w ?? ''];
  if (open || ((t.w === 'a' || t.w === 'an') && ((priced && ends) || chained))) {
    const raw = u.raw.replace(/^l['’]/iu, '').toLowerCase();
    return { per: singular(w), perText: singular(raw), to: j + 1 };
  }
  return null;
}

/** Nouns that never are a pricing unit, though they follow "a"/"per" ("a lot", "a bit", "per cent"). */
const NOT_UNITS = new Set([
  'lot',
  'bit',
  'little',
  'few',
  'couple',
  'cent',
  'percent',
  'the',
  'our',
  'your',
  'their',
  'this',
  'that',
  'year',
  'peu',
  'partir',
  'fois',
]);

function skip(toks: readonly Tok[], i: number): number {
  let j = i;
  while (isWord(toks[j]) && SKIP_WORDS.has(toks[j]?.w ?? '')) j++;
  return j;
}

/** Reads up to two units after token i; returns the units and the token after the last one. */
function unitsAfter(
  toks: readonly Tok[],
  i: number,
  priced: boolean,
): { per: CountUnit | null; perText: string | null; period: Price['period']; to: number } {
  let per: CountUnit | null = null;
  let perText: string | null = null;
  let period: Price['period'] = null;
  let j = i;
  let to = i;
  for (let k = 0; k < 3; k++) {
    let jj = skip(toks, j);
    // "$49 a seat, billed monthly", "deux cents euros, une seule fois": after a comma, only a billing
    // word or a one-time phrase continues the price.
    if (toks[jj]?.raw === ',') {
      const after = toks[jj + 1];
      const u =
        after && (BILLING.test(after.w) ? readUnit(toks, jj + 2, priced) : readUnit(toks, jj + 1, priced));
      if (!u || (u.period !== 'one-time' && !BILLING.test(after?.w ?? ''))) break;
      jj = BILLING.test(after?.w ?? '') ? jj + 2 : jj + 1;
    } else if (BILLING.test(toks[jj]?.w ?? '')) jj++;
    const u = readUnit(toks, jj, priced);
    if (!u) break;
    if (u.per && !per) {
      per = u.per;
      perText = u.perText ?? null;
    }
    if (u.period && !period) period = u.period;
    j = u.to;
    to = u.to;
  }
  return { per, perText, period, to };
}

const ONE_TIME_BEFORE =
  /(?:one[- ]time|one[- ]off|(?:setup|set[- ]up|installation|onboarding|activation|registration|sign[- ]up|joining|enrollment|enrolment) (?:fee|cost|charge)|upfront|up front|frais d'(?:installation|inscription|adhesion|ouverture)|frais de (?:mise en (?:place|service)|dossier)|frais uniques?|paiement unique)(?![\p{L}])[^.?!]{0,25}$/iu;
const PERIOD_BEFORE: [RegExp, TimeUnit][] = [
  [/(?:monthly|month to month|mensuel(?:le)?s?)(?![\p{L}])[^.?!$€£\d]{0,20}$/iu, 'month'],
  [/(?:annual|yearly|annuel(?:le)?s?)(?![\p{L}])[^.?!$€£\d]{0,20}$/iu, 'year'],
];

/** Words that make a passage speak of money, so that "twelve hundred a quarter" is a price. */
const MONEY_CONTEXT =
  /(?<![\p{L}])(?:pay|paying|paid|cost|costs|costing|price|prices|pricing|priced|charge|charges|charged|fee|fees|rate|rates|budget|budgeted|quote|quoted|spend|spending|bill|billed|invoice|subscription|plan|package|tier|license|licence|run you|runs you|comes to|comes out|investment|payer|paie|paye|payons|coute|coutent|cout|couts|prix|tarif|tarifs|frais|facture|factures|abonnement|forfait|devis|soumission|revient|mensualite|investissement|honoraires)(?![\p{L}])/iu;

/** Whether a text speaks of money (see MONEY_CONTEXT). */
export function speaksOfMoney(text: string): boolean {
  return MONEY_CONTEXT.test(fold(text));
}

/** Words that, right before a number, make it something other than an amount. */
const NOT_AMOUNT_BEFORE = new Set([
  'at',
  'vers',
  'since',
  'in',
  'en',
  'depuis',
  'room',
  'number',
  'numero',
  'extension',
  'page',
  'step',
  'etape',
  'version',
  'top',
  'suite',
  'route',
  'floor',
  'over',
  'under',
  'above',
  'below',
  'than',
]);
const TIME_AFTER = new Set([
  'am',
  'pm',
  'h',
  "o'clock",
  'oclock',
  'heure',
  'heures',
  'minutes',
  'days',
  'jours',
]);
/**
 * Amounts of money that are not what something costs the buyer: losses, revenue, insured or loan
 * amounts, deductibles, refunds, grants and subsidies (words up to four words before the amount).
 */
const NOT_A_PRICE_BEFORE = new Set([
  'lose',
  'lost',
  'losing',
  'loss',
  'losses',
  'revenue',
  'revenues',
  'sales',
  'salary',
  'salaries',
  'claims',
  'refund',
  'refunded',
  'deductible',
  'grant',
  'rebate',
  'subsidy',
  'worth',
  'perd',
  'perdu',
  'perdons',
  'perte',
  'pertes',
  'salaire',
  'salaires',
  'subvention',
  'prime',
  'franchise',
  'rembourse',
  'remboursement',
  'chiffre',
]);
/** Nouns an amount qualifies ("a five hundred thousand dollar policy", "the twenty dollar difference"). */
const NOT_A_PRICE_AFTER = new Set([
  'difference',
  'policy',
  'deductible',
  'coverage',
  'loan',
  'credit',
  'limit',
  'refund',
  'rebate',
  'grant',
  'bonus',
  'fine',
  'penalty',
  'claim',
  'claims',
  'in',
  'of',
]);
/** Words that put a bare amount in a price frame: "it's two fifty", "we pay two eighty", "runs eleven to fourteen thousand". */
const FRAME_BEFORE = new Set([
  'is',
  "it's",
  "that's",
  "they're",
  "there's",
  "drone's",
  'are',
  'was',
  'were',
  'be',
  'runs',
  'run',
  'costs',
  'cost',
  'pay',
  'paying',
  'paid',
  'charge',
  'charges',
  'charged',
  'quoted',
  // "Our plans go from twenty-nine to ninety-nine a month", "kitchens that size land between forty
  // and fifty-five thousand": verbs that place a price in a span.
  'go',
  'goes',
  'range',
  'ranges',
  'land',
  'lands',
  'for',
  'est',
  "c'est",
  'coute',
  'paie',
  'paye',
  'payons',
  'payez',
  'facture',
  'facturons',
  'sont',
  'etait',
  'pour',
]);
const PERSON_IS = new Set(["he's", "she's", "who's", "everybody's", "everyone's"]);

/** Words that may stand between a frame and its amount ("it's about", "we pay like", "quoted me"). */
const APPROX = new Set([
  'about',
  'around',
  'like',
  'roughly',
  'only',
  'just',
  'maybe',
  'approximately',
  'me',
  'us',
  'you',
  'environ',
  'a',
  'peu',
  'pres',
  'seulement',
  'que',
  'looking',
  'at',
  'something',
  'right',
  'now',
  'currently',
  // "run between eight and twelve thousand", "go from twenty-nine to ninety-nine".
  'between',
  'from',
  'entre',
]);
/** What may follow a bare amount in a price frame ("two fifty, and …", "ninety-nine on top", "six hundred thousand before incentives"). */
const FRAME_AFTER = new Set([
  'on',
  'before',
  'right',
  'now',
  'for',
  'to',
  'installed',
  'total',
  'flat',
  'plus',
  'each',
  'up',
  'and',
  'or',
  'with',
  'including',
  'included',
  'instead',
  'this',
  'pour',
  'avant',
  'installe',
  'pose',
  'tout',
  'aujourd',
  "aujourd'hui",
  'presentement',
  'hors',
  'et',
  'ou',
  'avec',
  'then',
  'but',
  'mais',
  // Conjunctions that close the amount's phrase ("thirty-eight thousand without the wall").
  'without',
  'depending',
  'if',
  'so',
  'which',
  'because',
  'sans',
  'selon',
  'si',
  'donc',
]);

const RANGE_JOINERS = new Set(['to', 'or', 'a', 'ou', 'and', 'et']);

type Found = Price & {
  from: number;
  to: number;
  hasCurrency: boolean;
  scale: number;
  unitText: string | null;
  excluded: boolean;
  /** A price frame before the amount ("it's", "we pay", "c'est"). */
  framed: boolean;
  /** The amount opens its sentence or clause ("Twenty-two per vehicle per month, eighty-nine …"). */
  opensClause: boolean;
  /** What follows a bare amount lets it end a price phrase. */
  endsPhrase: boolean;
  /** The amount was said in words (a year said in words, "two thousand twenty seven", is no price). */
  words: boolean;
};

export type FindPricesOptions = {
  /**
   * Whether the passage around the text speaks of money; computed from the text itself when absent.
   * Amounts without a currency need it (or a price frame) to count.
   */
  moneyContext?: boolean;
  /**
   * Whether the call speaks of money anywhere: enough for a bare amount in a price frame ("Saturdays
   * are eight thousand five hundred for the venue"). Defaults to `moneyContext`.
   */
  callMoney?: boolean;
  /** The text answers a "how many" question: amounts without a currency are counts. */
  counts?: boolean;
  /** Currency of amounts said without one: the call's currency. Default: dollars in English, euros in French. */
  defaultCurrency?: Currency;
};

/**
 * All prices in `text`, in order. `language` says which number words to read; without it only
 * amounts in digits are read (a caller that does not know the language, such as the language-model
 * merge, gets no guesses from words).
 */
export function findPrices(text: string, language?: EngineLanguage, opts: FindPricesOptions = {}): Price[] {
  const toks = tokenize(text);
  const languages: NumberLanguage[] = language ? [language] : [];
  const lang: EngineLanguage = language ?? 'en';
  const moneyContext = opts.moneyContext ?? speaksOfMoney(text);
  const callMoney = opts.callMoney ?? moneyContext;
  const fallbackCurrency: Currency = opts.defaultCurrency ?? (lang === 'fr' ? 'EUR' : 'USD');
  const poundIsMoney = fallbackCurrency === 'GBP' || STERLING.test(text);
  const numbers: Found[] = [];

  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (!t) continue;
    let symBefore: Currency | null = null;
    const start = i;
    if (t.kind === 'sym') {
      if (toks[i + 1]?.kind !== 'num') continue;
      symBefore = symbolCurrency(t.raw);
      i++;
    } else if (isWord(t) && /^(?:usd|cad|eur|gbp)$/u.test(t.w) && toks[i + 1]?.kind === 'num') {
      // "USD 99", "EUR 1,200": a code before the digits.
      symBefore = CURRENCY_WORDS[t.w] ?? null;
      i++;
    }
    let n = readNumber(toks, i, languages);
    // "a dollar fifty", "un euro quatre-vingt-cinq": the article is the number one before a currency.
    if (
      !n &&
      isWord(t) &&
      /^(?:a|one|un|une)$/u.test(t.w) &&
      currencyAfter(toks, i + 1, lang, poundIsMoney)?.currency
    )
      n = { value: 1, scale: 1, from: i, to: i + 1 };
    if (!n) continue;
    let j = n.to;
    // Percentages are never prices.
    const after = toks[j];
    const afterNext = toks[j + 1]?.w;
    if (
      after?.kind === 'pct' ||
      after?.w === 'percent' ||
      after?.w === 'pourcent' ||
      ((after?.w === 'per' || after?.w === 'pour') && afterNext === 'cent')
    ) {
      i = after?.kind === 'pct' || after?.w === 'percent' || after?.w === 'pourcent' ? j : j + 1;
      continue;
    }
    let value = n.value;
    let currency: Currency | null = symBefore;
    let hasCurrency = symBefore !== null;
    // "twelve cents per word": cents are a hundredth of the call's dollar (English only).
    if (
      lang === 'en' &&
      isWord(after) &&
      (after.w === 'cents' || after.w === 'cent') &&
      !symBefore &&
      n.value < 100
    ) {
      value = n.value / 100;
      currency = 'USD';
      hasCurrency = true;
      j++;
    }
    const cur =
      hasCurrency && currency !== null && j > n.to ? null : currencyAfter(toks, j, lang, poundIsMoney);
    let singularDollar = false;
    if (cur) {
      currency = symBefore ?? cur.currency;
      hasCurrency = true;
      singularDollar = /^(?:dollar|euro|buck)$/u.test(toks[j]?.w ?? '');
      j = cur.to;
      // "one dollar eighty", "trois euros cinquante": cents after the currency word.
      if (isWord(toks[j]) && n.value === Math.floor(n.value)) {
        const c = readNumber(toks, j, languages);
        const glued = toks[c?.to ?? 0]?.kind === 'dash' || /^(?:one|un|une)$/u.test(toks[j]?.w ?? '');
        if (
          c &&
          !glued &&
          c.value < 100 &&
          c.value >= 1 &&
          Number.isInteger(c.value) &&
          !currencyAfter(toks, c.to, lang, poundIsMoney)
        ) {
          const nextAfterCents = toks[c.to];
          if (
            !nextAfterCents ||
            nextAfterCents.kind !== 'word' ||
            CONNECTORS.has(nextAfterCents.w) ||
            SKIP_WORDS.has(nextAfterCents.w) ||
            AFTER_UNIT.has(nextAfterCents.w)
          ) {
            value += c.value / 100;
            j = c.to;
            singularDollar = false;
          }
        }
      }
    }
    const units = unitsAfter(toks, j, hasCurrency || framedBefore(toks, start) === 'frame');
    const end = Math.max(j, units.to);
    const prevTok = toks[start - 1];
    const excluded =
      (!hasCurrency &&
        isWord(prevTok) &&
        NOT_AMOUNT_BEFORE.has(prevTok.w) &&
        !(prevTok.w === 'at' && (units.per || units.period))) ||
      (!hasCurrency && isWord(toks[j]) && TIME_AFTER.has(toks[j]?.w ?? '')) ||
      (singularDollar &&
        !units.period &&
        !units.per &&
        isWord(toks[end]) &&
        !FRAME_AFTER.has(toks[end]?.w ?? '')) ||
      (isWord(toks[end]) && NOT_A_PRICE_AFTER.has(toks[end]?.w ?? '') && !units.period && !units.per) ||
      wordsBefore(toks, start, 4).some((w) => NOT_A_PRICE_BEFORE.has(w));
    const next = toks[end];
    numbers.push({
      amount: Math.round(value * 100) / 100,
      currency: currency ?? fallbackCurrency,
      per: units.per,
      unitText: units.perText,
      period: units.period,
      from: start,
      to: end,
      hasCurrency,
      scale: n.scale,
      excluded,
      framed: framedBefore(toks, start) === 'frame',
      opensClause: framedBefore(toks, start) === 'clause',
      endsPhrase: !next || next.kind !== 'word' || FRAME_AFTER.has(next.w),
      words: isWord(toks[n.from]),
    });
    i = end - 1;
  }

  /** Whether an amount (or a range ending with `b`) counts as a price. */
  const isPrice = (a: Found, b: Found = a): boolean => {
    if (a.excluded || b.excluded) return false;
    if (a.hasCurrency || b.hasCurrency) return true;
    if (opts.counts || b.amount < 10) return false;
    // A year said in words ("two thousand twenty seven", "twenty twenty six") is a date.
    if (b.words && b.amount > 1950 && b.amount < 2100 && b.amount !== 2000 && a === b) return false;
    if (b.period || b.per) return moneyContext || a.framed || a.opensClause;
    return a.framed && (moneyContext || callMoney) && b.endsPhrase;
  };

  const prices: Found[] = [];
  for (let k = 0; k < numbers.length; k++) {
    const a = numbers[k];
    if (!a) continue;
    const b = numbers[k + 1];
    if (b && !a.period && !a.per && joinsRange(toks, a, b) && isPrice(a, b)) {
      // A range: the first amount takes the second one's currency and units.
      let low = a.amount;
      // "between three and four hundred dollars", "eighteen, nineteen grand": the low end shares the
      // high end's scale.
      if (b.scale > 1 && a.scale === 1 && low * b.scale <= b.amount) low *= b.scale;
      if (low < b.amount) {
        prices.push({
          ...b,
          amount: low,
          amountMax: b.amount,
          currency: a.hasCurrency ? a.currency : b.currency,
          from: a.from,
          hasCurrency: a.hasCurrency || b.hasCurrency,
        });
        k++;
        continue;
      }
    }
    if (isPrice(a)) prices.push(a);
  }

  return prices.map((p) => {
    let period = p.period;
    if (!period && !p.per) {
      const before = text.slice(Math.max(0, (toks[p.from]?.start ?? 0) - 60), toks[p.from]?.start ?? 0);
      if (ONE_TIME_BEFORE.test(before)) period = 'one-time';
      else for (const [re, unit] of PERIOD_BEFORE) if (re.test(before)) period = unit;
    }
    const first = toks[p.from];
    const last = toks[p.to - 1];
    const spoken = first && last ? text.slice(first.start, last.end) : undefined;
    const out: Price = { amount: p.amount, currency: p.currency, per: p.per, period };
    if (p.amountMax !== undefined) out.amountMax = p.amountMax;
    if (p.unitText && p.unitText !== p.per) out.perText = p.unitText;
    if (spoken) out.spoken = spoken;
    return out;
  });
}

/** The up to `n` words before token i, nearest last, within the sentence part (stops at . ? ! ;). */
function wordsBefore(toks: readonly Tok[], i: number, n: number): string[] {
  const out: string[] = [];
  for (let j = i - 1; j >= 0 && out.length < n; j--) {
    const t = toks[j];
    if (!t) break;
    if (t.kind === 'punct' && /[.?!;]/u.test(t.raw)) break;
    if (t.kind === 'word') out.unshift(t.w);
  }
  return out;
}

/**
 * A price frame before the amount at token i: a copula or a paying verb ("it's", "we pay", "runs",
 * "c'est", "on paie"), perhaps followed by a hedge ("about", "like", "quoted me"); or the amount
 * opens its sentence or clause ("Twenty-two per vehicle per month, eighty-nine per device").
 */
function framedBefore(toks: readonly Tok[], i: number): 'frame' | 'clause' | null {
  let j = i - 1;
  while (j >= 0 && isWord(toks[j]) && APPROX.has(toks[j]?.w ?? '')) j--;
  const t = toks[j];
  if (!t) return 'clause';
  if (t.kind === 'punct' && /[.,;:!?…]/u.test(t.raw)) return 'clause';
  if (t.kind === 'dash') return 'clause';
  if (!isWord(t)) return null;
  // "She's seventy-eight": after a person and "is", a bare number is an age, not a price.
  if (FRAME_BEFORE.has(t.w) || (t.w.endsWith("'s") && !PERSON_IS.has(t.w))) return 'frame';
  // "sixteen hundred", said after "looking at" / "priced at" / "comes in at".
  return t.w === 'at' && /^(?:looking|priced|in|starts|start|starting)$/u.test(toks[j - 1]?.w ?? '')
    ? 'frame'
    : null;
}

/** Whether the tokens between two numbers join them into a range. */
function joinsRange(toks: readonly Tok[], a: Found, b: Found): boolean {
  const between = toks.slice(a.to, b.from);
  if (between.length !== 1) return false;
  const j = between[0];
  if (!j) return false;
  if (j.kind === 'dash') return true;
  // "Eighteen, nineteen grand a month": a comma joins a bare number to a larger one of the same scale.
  if (j.raw === ',')
    return (
      !a.hasCurrency &&
      a.scale === 1 &&
      b.scale > 1 &&
      a.amount < (b.amount / b.scale) * 10 &&
      a.amount * b.scale < b.amount
    );
  if (j.kind !== 'word' || !RANGE_JOINERS.has(j.w)) return false;
  if (j.w === 'and' || j.w === 'et') {
    // "between X and Y", "entre X et Y".
    const before = toks[a.from - 1]?.w;
    return before === 'between' || before === 'entre';
  }
  return true;
}

function formatAmount(amount: number, language: EngineLanguage): string {
  const fixed = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  const [int = '', dec] = fixed.split('.');
  // English groups thousands with commas ("5,000"), French with spaces ("1 200").
  const grouped = int.length > 3 ? int.replace(/\B(?=(\d{3})+$)/gu, language === 'fr' ? ' ' : ',') : int;
  if (dec === undefined) return grouped;
  return language === 'fr' ? `${grouped},${dec}` : `${grouped}.${dec}`;
}

const EN_PER: Record<string, string> = {
  user: 'user',
  seat: 'seat',
  location: 'location',
  license: 'license',
  device: 'device',
  vehicle: 'vehicle',
  contact: 'contact',
  lead: 'lead',
  call: 'call',
  minute: 'minute',
  message: 'message',
  visit: 'visit',
  job: 'job',
  unit: 'unit',
  'square foot': 'square foot',
};
const FR_PER: Record<string, string> = {
  user: 'utilisateur',
  seat: 'poste',
  location: 'établissement',
  license: 'licence',
  device: 'appareil',
  vehicle: 'véhicule',
  contact: 'contact',
  lead: 'prospect',
  call: 'appel',
  minute: 'minute',
  message: 'message',
  visit: 'visite',
  job: 'intervention',
  unit: 'unité',
  'square foot': 'pied carré',
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

/** "$299 per month", "$350–$500", "CA$49 per user per month", "$5,000 one-time", "1 200 € par mois". */
export function formatPrice(p: Price, language: EngineLanguage): string {
  const money = (amount: number) => {
    const a = formatAmount(amount, language);
    if (language === 'fr') return `${a} ${{ USD: '$', CAD: '$ CA', EUR: '€', GBP: '£' }[p.currency]}`;
    return `${{ USD: '$', CAD: 'CA$', EUR: '€', GBP: '£' }[p.currency]}${a}`;
  };
  const head = p.amountMax !== undefined ? `${money(p.amount)}–${money(p.amountMax)}` : money(p.amount);
  const parts = [head];
  if (p.per) {
    const unit = (language === 'fr' ? FR_PER[p.per] : EN_PER[p.per]) ?? p.perText ?? p.per;
    parts.push(language === 'fr' ? `par ${unit}` : `per ${unit}`);
  }
  if (p.period === 'one-time') parts.push(language === 'fr' ? 'paiement unique' : 'one-time');
  else if (p.period)
    parts.push(language === 'fr' ? `par ${FR_PERIOD[p.period]}` : `per ${EN_PERIOD[p.period]}`);
  return parts.join(' ');
}

/**
 * The price as shown to a user: the canonical form, then, when the amount was said in words, the
 * speaker's words in quotes ("$299 per month (“two hundred ninety nine dollars per month”)").
 */
export function displayPrice(p: Price, language: EngineLanguage): string {
  const canonical = formatPrice(p, language);
  if (!p.spoken || /\d/u.test(p.spoken)) return canonical;
  return language === 'fr' ? `${canonical} (« ${p.spoken} »)` : `${canonical} (“${p.spoken}”)`;
}

/** A comparable key: amount (and upper bound), currency, unit and period ("299|USD|-|month"). */
export function priceKey(p: Price): string {
  const amount = p.amountMax !== undefined ? `${p.amount}-${p.amountMax}` : String(p.amount);
  return `${amount}|${p.currency}|${p.per ?? '-'}|${p.period ?? '-'}`;
}
