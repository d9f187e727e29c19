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
import type { NumberLanguage } from '../numbers.js';
import {
  ARTICLES,
  FEE_NOUNS,
  NOT_A_PRICE_AFTER,
  NOT_AMOUNT_BEFORE,
  ONE_TIME_BEFORE,
  PERIOD_BEFORE,
  TIME_AFTER,
  speaksOfMoney,
} from './price-context.js';
import { FRAME_AFTER } from './price-phrase-ends.js';
import {
  CURRENCY_WORDS,
  currencyAfter,
  fractionAfter,
  saysSterling,
  symbolCurrency,
} from './price-currency.js';
import {
  AT_FRAME,
  DELIVERED,
  framedBefore,
  joinsRange,
  notAPriceBefore,
  readsAsClock,
  thresholdBefore,
} from './price-frames.js';
import { readNumber, thousandsShorthand, tokenize, isWord, type Tok } from './price-tokens.js';
import { subjectUnit, unitAtHead, unitNamedBefore } from './price-unit-before.js';
import { unitsAfterSpentOn } from './price-spent-on.js';
import { countsAsPrice } from './price-accept.js';
import { AFTER_UNIT, CONNECTORS, SKIP_WORDS, unitsAfter } from './price-units.js';

/** Words after an amount that price it one by one ("each", "apiece", "chacun", "pièce"). */
const EACH_WORDS = new Set(['each', 'apiece', 'chacun', 'chacune', 'piece']);

export { speaksOfMoney } from './price-context.js';
export { displayPrice, formatPrice, priceKey } from './price-format.js';
export { pickReadings } from './price-readings.js';

export type Currency = 'USD' | 'CAD' | 'EUR' | 'GBP' | 'CHF';
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
  /** The amount's other reading when the words allow two ("seven fifty": 750 or 7.50); see `pickReadings`. */
  alternative?: number;
};

/** A number read in the text, with what its neighbours say about it (internal to the price readers). */
export type Found = Price & {
  from: number;
  to: number;
  hasCurrency: boolean;
  scale: number;
  unitText: string | null;
  excluded: boolean;
  /** A duration or a size ("twenty hours", "fifty-two foot"): `TIME_AFTER` follows a bare amount. */
  duration: boolean;
  /** A price frame before the amount ("it's", "we pay", "c'est"). */
  framed: boolean;
  /** Thousands then hundreds ("forty-four nine"): a form said of prices only. */
  shorthand: boolean;
  /**
   * "at" before the amount and a unit or period after it ("a five-hour minimum at one sixty-five an
   * hour"), or thousands said the short way ("we're at forty-four nine").
   */
  rateAt: boolean;
  /** The amount opens its sentence or clause ("Twenty-two per vehicle per month, eighty-nine …"). */
  opensClause: boolean;
  /** What follows a bare amount lets it end a price phrase. */
  endsPhrase: boolean;
  /** The amount was said in words (a year said in words, "two thousand twenty seven", is no price). */
  words: boolean;
  /** A charge's noun follows within three words ("a two hundred fifty dollar call-out fee"). */
  feeAfter: boolean;
  /** The other reading of words such as "seven fifty" (7.50 for 750). */
  alt?: number;
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
  /**
   * The passage names a time of day or a day ("Saturday morning", "lunch", "second shift"): a bare
   * amount that reads as a clock time ("around ten thirty", "eleven") is one.
   */
  clockContext?: boolean;
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
  // Pounds are money in a British call, or where the passage says sterling.
  const poundIsMoney = fallbackCurrency === 'GBP' || saysSterling(text);
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
    } else if (isWord(t) && /^(?:usd|cad|eur|gbp|chf)$/u.test(t.w) && toks[i + 1]?.kind === 'num') {
      // "USD 99", "EUR 1,200", "CHF 420": a code before the digits.
      symBefore = CURRENCY_WORDS[t.w] ?? null;
      i++;
    }
    let n = readNumber(toks, i, languages);
    // "a dollar fifty", "un euro quatre-vingt-cinq": the article is the number one before a currency.
    if (!n && isWord(t) && ARTICLES.has(t.w) && currencyAfter(toks, i + 1, lang, poundIsMoney)?.currency)
      n = { value: 1, scale: 1, from: i, to: i + 1 };
    if (!n) continue;
    // "were at forty-four nine", "eleven five per dryer": thousands then hundreds
    // (`thousandsShorthand`; whether it counts as a price: `countsAsPrice`).
    const shorthand = lang === 'en' ? thousandsShorthand(toks, n) : null;
    if (shorthand) n = shorthand;
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
    // "twelve cents per word", "quatre-vingt-onze cents le litre", "quinze centimes": a hundredth of the
    // call's currency.
    if (
      isWord(after) &&
      (lang === 'en' ? /^cents?$/u : /^(?:cents|centimes?)$/u).test(after.w) &&
      !symBefore &&
      n.value < 100
    ) {
      value = n.value / 100;
      currency = lang === 'en' ? 'USD' : fallbackCurrency;
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
      // "four dollars and twenty-five cents", "cinq euros et vingt centimes".
      const and = toks[j];
      if (isWord(and) && (and.w === 'and' || and.w === 'et') && Number.isInteger(n.value)) {
        const c = readNumber(toks, j + 1, languages);
        const unit = toks[c?.to ?? -1];
        if (c && c.value >= 1 && c.value < 100 && isWord(unit) && /^(?:cents?|centimes?)$/u.test(unit.w)) {
          value += c.value / 100;
          j = c.to + 1;
          singularDollar = false;
        }
      }
      // "neuf piasses et quart", "deux euros et demi": a fraction after the currency word.
      const fraction = Number.isInteger(value) ? fractionAfter(toks, j) : null;
      if (fraction) {
        value += fraction.add;
        j = fraction.to;
        singularDollar = false;
      }
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
            AFTER_UNIT.has(nextAfterCents.w) ||
            // "vingt-six euros nonante livré", "forty dollars fifty installed".
            DELIVERED.test(nextAfterCents.w)
          ) {
            value += c.value / 100;
            j = c.to;
            singularDollar = false;
          }
        }
      }
    }
    const frame = framedBefore(toks, start);
    let units = unitsAfter(toks, j, hasCurrency || frame === 'frame');
    let end = Math.max(j, units.to);
    // A charge's noun within four words, hyphens joining them ("dollar same-day delivery fee"); the
    // units after it are the amount's ("a sixty dollar travel charge per visit").
    const fee = [0, 1, 2, 3, 4, 5].find((d) => {
      const w = toks[end + d];
      const between = toks.slice(end, end + d);
      return (
        isWord(w) &&
        FEE_NOUNS.has(w.w) &&
        between.every((b) => b.kind === 'word' || b.kind === 'dash') &&
        between.filter(isWord).length <= 3
      );
    });
    const feeAfter = fee !== undefined;
    if (fee !== undefined && !units.per && !units.period) {
      const after = unitsAfter(toks, end + fee + 1, true);
      if (after.per || after.period) [units, end] = [after, after.to];
    }
    // "cinq mille euros de mazout par an": what the money buys, then its unit (`unitsAfterSpentOn`).
    if (hasCurrency && !units.per && !units.period) {
      const spent = unitsAfterSpentOn(toks, end);
      if (spent) {
        units = {
          per: spent.per ?? null,
          perText: spent.perText ?? null,
          period: spent.period ?? null,
          to: spent.to,
        };
        end = spent.to;
      }
    }
    const prevTok = toks[start - 1];
    const duration = !hasCurrency && isWord(toks[j]) && TIME_AFTER.has(toks[j]?.w ?? '');
    const excluded =
      (!hasCurrency &&
        isWord(prevTok) &&
        NOT_AMOUNT_BEFORE.has(prevTok.w) &&
        // "at" sets a clock time, unless a unit follows ("at one sixty-five an hour"), a frame comes
        // before ("priced at") or the amount is thousands no clock shows ("listed at fifty-two nine").
        !(
          prevTok.w === 'at' &&
          (units.per || units.period || shorthand || AT_FRAME.test(toks[start - 2]?.w ?? ''))
        )) ||
      duration ||
      (singularDollar &&
        !units.period &&
        !units.per &&
        !feeAfter &&
        isWord(toks[end]) &&
        !FRAME_AFTER.has(toks[end]?.w ?? '')) ||
      (isWord(toks[end]) && NOT_A_PRICE_AFTER.has(toks[end]?.w ?? '') && !units.period && !units.per) ||
      thresholdBefore(toks, start) ||
      (!hasCurrency &&
        !!opts.clockContext &&
        !units.per &&
        !units.period &&
        !feeAfter &&
        readsAsClock(value, n.alt)) ||
      notAPriceBefore(toks, start, languages) ||
      // "five oh nine", "four oh three" are area codes, extensions and rooms far more often than
      // prices: said with "oh", an amount needs its currency, unit or period ("two oh five a visit").
      (!hasCurrency && !units.per && !units.period && saidWithOh(toks, n));
    const next = toks[end];
    numbers.push({
      amount: value < 0.01 ? Math.round(value * 10_000) / 10_000 : Math.round(value * 100) / 100,
      currency: currency ?? fallbackCurrency,
      per: units.per,
      unitText: units.perText,
      period: units.period,
      from: start,
      to: end,
      hasCurrency,
      scale: n.scale,
      excluded,
      duration,
      framed: frame === 'frame',
      rateAt: isWord(prevTok) && prevTok.w === 'at' && !!(units.per || units.period || shorthand),
      shorthand: shorthand !== null,
      opensClause: frame === 'clause',
      endsPhrase: !next || next.kind !== 'word' || FRAME_AFTER.has(next.w),
      words: isWord(toks[n.from]),
      feeAfter,
      ...(n.alt !== undefined && value === n.value && !symBefore && { alt: n.alt }),
    });
    i = end - 1;
  }

  const ctx = { moneyContext, callMoney, counts: !!opts.counts };
  const isPrice = (a: Found, b: Found = a) => countsAsPrice(a, b, { ...ctx, pricesBefore: prices.length });

  const prices: Found[] = [];
  for (let k = 0; k < numbers.length; k++) {
    const a = numbers[k];
    if (!a) continue;
    const b = numbers[k + 1];
    // "ten to twenty hours": the low end of a duration is one too.
    if (b?.duration && !a.hasCurrency && !a.period && !a.per && joinsRange(toks, a, b)) continue;
    if (b && !a.period && !a.per && joinsRange(toks, a, b) && isPrice(a, b)) {
      // A range: the first amount takes the second one's currency and units.
      let low = a.amount;
      // "between three and four hundred dollars", "eighteen, nineteen grand": the low end shares the
      // high end's scale.
      if (b.scale > 1 && a.scale === 1 && low * b.scale <= b.amount) low *= b.scale;
      // "between a hundred and forty and a hundred and sixty thousand": a thousand the low end lacks.
      else if (b.scale >= 1000 && a.scale < b.scale && low * b.scale <= b.amount) low *= b.scale;
      // "eleven to fourteen cents a square foot": the low end is in the high end's cents.
      else if (b.amount < 1 && a.scale === 1 && low >= 1 && low < 100 && low / 100 < b.amount) low /= 100;
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
    let per = p.per;
    let unitText = p.unitText;
    const at = toks[p.from]?.start ?? 0;
    const before = text.slice(Math.max(0, at - 60), at);
    if (!period && !per) {
      if (ONE_TIME_BEFORE.test(before)) period = 'one-time';
      else for (const [re, unit] of PERIOD_BEFORE) if (re.test(before)) period = unit;
      const named = period ? null : (unitNamedBefore(before) ?? unitAtHead(text.slice(0, at)));
      if (named && 'period' in named) period = named.period;
      else if (named) [per, unitText] = [named.per, named.perText];
    }
    // "the monitors are a hundred and twenty-nine each": each of the things the sentence names.
    if (!period && (!per || per === 'piece') && EACH_WORDS.has(toks[p.to]?.w ?? '')) {
      const subject = subjectUnit(before);
      if (subject) [per, unitText] = [subject.per, subject.perText];
    }
    const first = toks[p.from];
    const last = toks[p.to - 1];
    const spoken = first && last ? text.slice(first.start, last.end) : undefined;
    const out: Price = { amount: p.amount, currency: p.currency, per, period };
    if (p.amountMax !== undefined) out.amountMax = p.amountMax;
    if (unitText && unitText !== per) out.perText = unitText;
    if (spoken) out.spoken = spoken;
    if (p.alt !== undefined && p.amountMax === undefined) out.alternative = p.alt;
    return out;
  });
}

/** Whether a number was said with "oh" for a zero ("two oh five"). */
function saidWithOh(toks: readonly Tok[], n: { from: number; to: number }): boolean {
  for (let k = n.from; k < n.to; k++) if (toks[k]?.kind === 'word' && toks[k]?.w === 'oh') return true;
  return false;
}
