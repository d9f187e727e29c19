/**
 * What the words around a number say about it, for the price reader (`pricing.ts`): whether a price
 * frame comes before it ("it's", "we pay", "priced at", "c'est"), whether two numbers form a range
 * ("three to four hundred", "entre … et"), and what the words before it exclude (a loss, a deductible,
 * a spending threshold).
 */
import { isNumberWord, type NumberLanguage } from '../numbers.js';
import {
  APPROX,
  ARTICLES,
  CHARGE_OF,
  FRAME_BEFORE,
  HEDGES,
  NOT_A_PRICE_BEFORE,
  PERSON_IS,
  RANGE_JOINERS,
  THRESHOLD_OF,
} from './price-context.js';
import { CURRENCY_WORDS } from './price-currency.js';
import { isWord, type Tok } from './price-tokens.js';
import type { Found } from './pricing.js';

/** Hundreds-and-cents words that could be a clock time ("two thirty", "three fifteen", "ten o'"). */
export const clockLike = (f: Pick<Found, 'amount'>) => [0, 15, 30, 45].includes(f.amount % 100);

/**
 * The indices of the up to `n` words before token i, nearest first, within the sentence part (the
 * walk stops at . ? ! ;).
 */
function wordsBefore(toks: readonly Tok[], i: number, n: number): number[] {
  const out: number[] = [];
  for (let j = i - 1; j >= 0 && out.length < n; j--) {
    const t = toks[j];
    if (!t || (t.kind === 'punct' && /[.?!;]/u.test(t.raw))) break;
    if (t.kind === 'word') out.push(j);
  }
  return out;
}

/** Whether token j is an amount or names one: digits, a currency, a number word ("une" excepted). */
function amountAt(toks: readonly Tok[], j: number, languages: readonly NumberLanguage[]): boolean {
  const t = toks[j];
  if (!t) return false;
  if (t.kind === 'num' || t.kind === 'sym') return true;
  // "une franchise", "a deductible": the article is not an amount.
  return (
    t.kind === 'word' &&
    (!!CURRENCY_WORDS[t.w] || (!ARTICLES.has(t.w) && languages.some((l) => isNumberWord(t.w, l))))
  );
}

/**
 * Whether a word of `NOT_A_PRICE_BEFORE` (a loss, a deductible, a refund…) stands within the four
 * words before token i. A cue that itself follows an amount names that amount, not this one: in
 * "a two hundred fifty dollar deductible comes to thirty-eight dollars a month" the deductible is the
 * two hundred fifty, and the thirty-eight is the price.
 */
export function notAPriceBefore(
  toks: readonly Tok[],
  i: number,
  languages: readonly NumberLanguage[],
): boolean {
  return wordsBefore(toks, i, 4).some(
    (j) => NOT_A_PRICE_BEFORE.has(toks[j]?.w ?? '') && !amountAt(toks, j - 1, languages),
  );
}

/** Whether the amount at token i follows "over"/"above"/"au-dessus de"/"au-delà de" said of a threshold. */
export function thresholdBefore(toks: readonly Tok[], i: number): boolean {
  const words = wordsBefore(toks, i, 8).map((j) => toks[j]?.w ?? '');
  const over = /^(?:over|above)$/u.test(words[0] ?? '')
    ? 0
    : words[0] === 'de' && /^(?:dessus|dela)$/u.test(words[1] ?? '') && words[2] === 'au'
      ? 2
      : -1;
  return over >= 0 && words.slice(over + 1, over + 5).some((w) => THRESHOLD_OF.has(w));
}

/**
 * Whether an amount said in words reads as a clock time: an hour from one to twelve ("eleven"), or
 * an hour and its minutes ("ten thirty", "three forty-five": the other reading 10.30, 3.45).
 */
export function readsAsClock(value: number, alt: number | undefined): boolean {
  if (Number.isInteger(value) && value >= 1 && value <= 12) return true;
  // Of the two readings, the one with cents: hours and minutes.
  const decimal = [value, alt].find((r) => r !== undefined && !Number.isInteger(r));
  if (decimal === undefined || alt === undefined) return false;
  const hour = Math.floor(decimal);
  const minutes = Math.round((decimal - hour) * 100);
  return hour >= 1 && hour <= 12 && minutes < 60;
}

/** "looking at", "priced at", "comes in at", "starts at", "we're at": an amount follows. */
export const AT_FRAME =
  /^(?:looking|lookin|priced|in|starts|start|starting|startin|we're|were|you're|youre)$/u;

/**
 * A price frame before the amount at token i: a copula or a paying verb ("it's", "we pay", "runs",
 * "c'est", "on paie"), perhaps followed by a hedge ("about", "like", "quoted me"); or the amount
 * opens its sentence or clause ("Twenty-two per vehicle per month, eighty-nine per device").
 */
export function framedBefore(toks: readonly Tok[], i: number): 'frame' | 'clause' | null {
  if (isWord(toks[i - 1]) && HEDGES.has(toks[i - 1]?.w ?? '')) return 'frame';
  // "autour de huit cent cinquante": the French hedge takes "de".
  if (toks[i - 1]?.w === 'de' && HEDGES.has(toks[i - 2]?.w ?? '')) return 'frame';
  let j = i - 1;
  while (j >= 0 && isWord(toks[j]) && APPROX.has(toks[j]?.w ?? '')) {
    // "looking at", "priced at": "at" and "looking" are both skippable, the pair is a frame.
    if (toks[j]?.w === 'at' && AT_FRAME.test(toks[j - 1]?.w ?? '')) return 'frame';
    j--;
  }
  const t = toks[j];
  if (!t) return 'clause';
  if (t.kind === 'punct' && /[.,;:!?…]/u.test(t.raw)) return 'clause';
  if (t.kind === 'dash') return 'clause';
  if (!isWord(t)) return null;
  // "That was the nine thousand four hundred for the shingle": a copula then "the" names a known
  // amount, the quote both sides have seen.
  if (t.w === 'the' && FRAME_BEFORE.has(toks[j - 1]?.w ?? '')) return 'frame';
  // "She's seventy-eight": after a person and "is", a bare number is an age, not a price.
  if (FRAME_BEFORE.has(t.w) || (t.w.endsWith("'s") && !PERSON_IS.has(t.w))) return 'frame';
  // "sixteen hundred", said after "looking at" / "priced at" / "comes in at".
  // "it comes to thirty-eight fifty", "adds up to", "works out to".
  if (t.w === 'to' && /^(?:comes|come|came|up|out|amounts|amount)$/u.test(toks[j - 1]?.w ?? ''))
    return 'frame';
  // "implementation is a one-time four thousand", "a one-off nine hundred": a one-time charge.
  if (t.w === 'onetime') return 'frame';
  if (t.w === 'time' || t.w === 'off') {
    const k = toks[j - 1]?.kind === 'dash' ? j - 2 : j - 1;
    if (toks[k]?.w === 'one') return 'frame';
  }
  // "a deposit of nine hundred", "in the range of thirteen hundred", "un acompte de trois cents".
  if (/^(?:of|de|d')$/u.test(t.w) && CHARGE_OF.has(toks[j - 1]?.w ?? '')) return 'frame';
  return t.w === 'at' && AT_FRAME.test(toks[j - 1]?.w ?? '') ? 'frame' : null;
}

/** Words saying how a price is delivered, which may follow its cents ("vingt-six euros nonante livré"). */
export const DELIVERED =
  /^(?:delivered|installed|included|livree?s?|installee?s?|posee?s?|inclus|incluse?s?)$/u;

/**
 * How much larger the second of two amounts said with only a comma between them may be for the pair
 * to be one estimate: "two hundred forty, two hundred sixty" is; "two hundred, five hundred" lists two.
 */
const COMMA_RANGE_RATIO = 1.5;

/** Whether the tokens between two numbers join them into a range. */
export function joinsRange(toks: readonly Tok[], a: Found, b: Found): boolean {
  const between = toks.slice(a.to, b.from);
  if (between.length !== 1) return false;
  const j = between[0];
  if (!j) return false;
  if (j.kind === 'dash') return true;
  // "Eighteen, nineteen grand a month": a comma joins a bare number to a larger one of the same scale.
  // "two hundred forty, two hundred sixty a month", "forty, fifty bucks": so does it join a bare
  // amount to a slightly larger one said the same way (a spoken estimate, not two prices).
  if (j.raw === ',')
    return (
      !a.hasCurrency &&
      ((a.scale === 1 &&
        b.scale > 1 &&
        a.amount < (b.amount / b.scale) * 10 &&
        a.amount * b.scale < b.amount) ||
        (a.scale === b.scale &&
          a.amount >= 10 &&
          a.amount < b.amount &&
          b.amount <= a.amount * COMMA_RANGE_RATIO))
    );
  if (j.kind !== 'word' || !RANGE_JOINERS.has(j.w)) return false;
  if (j.w === 'and' || j.w === 'et') {
    // "between X and Y", "entre X et Y".
    const before = toks[a.from - 1]?.w;
    return before === 'between' || before === 'entre';
  }
  return true;
}
