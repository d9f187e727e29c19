/** Currencies said around an amount: symbols, codes and words. Part of the price reader (`pricing.ts`). */
import type { EngineLanguage } from '../language.js';
import { fold, type Tok } from './price-tokens.js';
import type { Currency } from './pricing.js';

export const CURRENCY_WORDS: Record<string, Currency> = {
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
  // Swiss francs: the franc still spoken of in the markets we serve (France and Belgium count in euros).
  chf: 'CHF',
  franc: 'CHF',
  francs: 'CHF',
};

/**
 * A currency named in a normalized text, by sign or word ("$", "bucks", "francs", "piasses").
 * "livre(s)" is left out: in Québec it weighs as often as it pays.
 */
const CURRENCY_NAMED = new RegExp(
  `[$€£]|(?<![\\p{L}])(?:${Object.keys(CURRENCY_WORDS)
    .filter((w) => !w.startsWith('livre'))
    .join('|')})(?![\\p{L}])`,
  'u',
);
export const namesCurrency = (normalized: string): boolean => CURRENCY_NAMED.test(normalized);

/** What marks a call in pounds sterling: the sign, "quid", "sterling", the code. */
const STERLING = /£|(?<![\p{L}])(?:quid|sterling|gbp)(?![\p{L}])/iu;

/**
 * Pounds and pence said as one amount, "three pounds twenty", "twelve pounds fifty a week": money,
 * never a weight (a weight goes on in ounces: "six pounds four ounces").
 */
const POUNDS_AND_PENCE =
  /(?<![\p{L}])pounds? (?:\d{1,2}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?![\p{L}\d])(?!\s*(?:ounces?|oz)(?![\p{L}]))/iu;

/** "Four hundred fifty pounds a month": a pound paid per period is sterling, not a weight. */
const POUNDS_PER_PERIOD =
  /(?<![\p{L}])(?:pounds?|livres?) (?:(?:a|an|per|par|each) [\p{L}-]+ )?(?:a|an|per|par|each|every|un|une) (?:hour|day|month|year|week|quarter|term|heure|jour|mois|an|annee|semaine)(?![\p{L}])|(?<![\p{L}])pounds? (?:one[- ]off|one[- ]time|upfront)/iu;

/**
 * The ways a text says pounds sterling, as money: the sign, "quid", "sterling", the code; pounds per
 * period; pounds and pence. "Pound" alone is as often a weight ("twelve dollars a pound").
 */
const STERLING_MARKS = [STERLING, POUNDS_PER_PERIOD, POUNDS_AND_PENCE].map(
  (re) => new RegExp(re.source, 'giu'),
);

/** How many times a normalized sentence says pounds sterling (`STERLING_MARKS`): the call's currency counts them. */
export function sterlingMarks(norm: string): number {
  return STERLING_MARKS.reduce((n, re) => n + (norm.match(re) ?? []).length, 0);
}

/** Where pounds may be said: only there is the whole text folded to look for pounds per period. */
const POUND_WORD = /pound|livre/iu;

/** Whether a passage says pounds sterling (`STERLING_MARKS`), so that the pounds it names are money. */
export function saysSterling(text: string): boolean {
  return (
    STERLING.test(text) ||
    (POUND_WORD.test(text) && (POUNDS_AND_PENCE.test(text) || POUNDS_PER_PERIOD.test(fold(text))))
  );
}

export function symbolCurrency(sym: string): Currency {
  if (sym === '€') return 'EUR';
  if (sym === '£') return 'GBP';
  if (sym === 'CA$' || sym === 'C$') return 'CAD';
  return 'USD';
}

/** A currency said after the number: "$", "$ CA", "dollars", "canadian dollars", "dollars canadiens". */
export function currencyAfter(
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
    if (n?.kind === 'word' && saysCanadian(n)) {
      currency = 'CAD';
      to++;
    } else if (n?.kind === 'word' && (n.w === 'us' || n.w === 'usd')) to++;
    return { currency, to };
  }
  if (t.kind !== 'word') return null;
  // "Swiss francs".
  if (t.w === 'swiss' && CURRENCY_WORDS[toks[i + 1]?.w ?? ''] === 'CHF')
    return { currency: 'CHF', to: i + 2 };
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
  if (c === 'USD' && n?.kind === 'word' && (saysCanadian(n) || /^canadiens?$/u.test(n.w))) {
    currency = 'CAD';
    to++;
  } else if (c === 'USD' && n?.kind === 'word' && /^(?:americains?|us)$/u.test(n.w)) to++;
  else if (c === 'CHF' && n?.kind === 'word' && /^(?:suisses?)$/u.test(n.w)) to++;
  return { currency, to };
}

/**
 * A fraction said after the currency word: "neuf piasses et quart" (9.25), "deux euros et demi"
 * (2.50), "five dollars and a half". Returns what it adds and the token after it.
 */
export function fractionAfter(toks: readonly Tok[], j: number): { add: number; to: number } | null {
  const w = (k: number) => toks[j + k]?.w ?? '';
  if (w(0) === 'et' && w(1) === 'quart') return { add: 0.25, to: j + 2 };
  if (w(0) === 'et' && (w(1) === 'demi' || w(1) === 'demie')) return { add: 0.5, to: j + 2 };
  if (w(0) === 'and' && w(1) === 'a' && w(2) === 'half') return { add: 0.5, to: j + 3 };
  if (w(0) === 'and' && w(1) === 'a' && w(2) === 'quarter') return { add: 0.25, to: j + 3 };
  return null;
}

/** "CA" or "CAD" after dollars: Canadian. "ça" (that) folds to "ca" but is a pronoun ("quarante piasses ça"). */
function saysCanadian(t: Tok): boolean {
  return t.w === 'cad' || (t.w === 'ca' && t.raw.toLowerCase() !== 'ça');
}
