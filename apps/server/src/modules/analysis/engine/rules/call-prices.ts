/**
 * The prices of a call, read sentence by sentence by `extractSignals` (`signals.ts`): the currency
 * the call speaks in, whether a sentence answers a "how many" question (its numbers are counts),
 * and how a price said again is merged with the one already found.
 */
import type { EngineLanguage } from '../language.js';
import { isNumberWord } from '../numbers.js';
import { POUNDS_PER_PERIOD } from './price-context.js';
import { CURRENCY_WORDS, STERLING } from './price-currency.js';
import type { Currency, Price } from './pricing.js';
import type { CallSentence } from './signals.js';

const HOW_MANY = /(?<![\p{L}])(?:how many|how often|combien de (?!temps)|combien d')/u;

/** Whether `s` opens the answer to a "how many" question: its numbers are counts. */
export function answersHowMany(s: CallSentence, sentences: readonly CallSentence[]): boolean {
  const prev = sentences[s.index - 1];
  return !!prev && prev.question && prev.turnIndex === s.turnIndex - 1 && HOW_MANY.test(prev.norm);
}

const STERLING_ALL = new RegExp(STERLING.source, 'giu');
const POUNDS_PER_PERIOD_ALL = new RegExp(POUNDS_PER_PERIOD.source, 'giu');

/**
 * Currency signs and the price reader's currency words (`CURRENCY_WORDS`), except the pound and the
 * "livre", which weigh as often as they pay: sterling is counted by STERLING and POUNDS_PER_PERIOD.
 */
const CURRENCY_SAID = new RegExp(
  String.raw`[$€]|(?<![\p{L}])(?:${Object.entries(CURRENCY_WORDS)
    .filter(([, currency]) => currency !== 'GBP')
    .map(([word]) => word)
    .join('|')})(?![\p{L}])`,
  'gu',
);

/** Whether the word before `at` in a normalized text is a number, in digits or in words. */
function afterNumber(norm: string, at: number, language: EngineLanguage): boolean {
  const before = /([\p{L}\p{N}'-]+)\s*$/u.exec(norm.slice(0, at))?.[1] ?? '';
  return /\p{N}$/u.test(before) || before.split('-').every((w) => w !== '' && isNumberWord(w, language));
}

/** The currency the call speaks in: the one named most often, else dollars in English, euros in French. */
export function callCurrency(sentences: readonly CallSentence[], language: EngineLanguage): Currency {
  const counts: Record<Currency, number> = { USD: 0, CAD: 0, EUR: 0, GBP: 0, CHF: 0 };
  for (const s of sentences) {
    for (const m of s.norm.matchAll(CURRENCY_SAID)) {
      const said = m[0];
      // "Je vais être franc avec toi": the adjective (frank), not the currency, unless a number says it.
      if (said === 'franc' && !afterNumber(s.norm, m.index, language)) continue;
      const currency = said === '$' ? 'USD' : said === '€' ? 'EUR' : CURRENCY_WORDS[said];
      if (currency) counts[currency]++;
    }
    // "Pound" alone is as often a weight ("twelve dollars a pound"): the call is in sterling only
    // when it says so (the sign, "quid", "sterling") or pays pounds per period ("fifty pounds a month").
    counts.GBP +=
      (s.norm.match(STERLING_ALL) ?? []).length + (s.norm.match(POUNDS_PER_PERIOD_ALL) ?? []).length;
  }
  const best = (Object.entries(counts) as [Currency, number][]).sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : language === 'fr' ? 'EUR' : 'USD';
}

/**
 * Adds a price unless already known. The same amount said again with fewer details ("so, $299") is
 * the same price; said first bare and later with its period, the detailed form replaces it.
 */
export function addPrice(prices: Price[], price: Price): void {
  const same = (p: Price) =>
    p.amount === price.amount && p.amountMax === price.amountMax && p.currency === price.currency;
  // Already known, or a less detailed form of a known price ("thirty-five bucks a head" after
  // "$35 per user per month"): nothing new.
  if (
    prices.some(
      (p) =>
        same(p) &&
        (price.per === null || price.per === p.per) &&
        (price.period === null || price.period === p.period),
    )
  )
    return;
  // A more detailed form of a known bare price replaces it ("$299", then "$299 per month").
  const bare = prices.findIndex(
    (p) =>
      same(p) && (p.per === null || p.per === price.per) && (p.period === null || p.period === price.period),
  );
  if (bare >= 0) {
    prices[bare] = price;
    return;
  }
  prices.push(price);
}
