/**
 * Whether an amount read by `findPrices` (`pricing.ts`), or a range ending with `b`, counts as a
 * price: a currency says so; otherwise its frame, its unit or period, its spoken form and the money
 * talk around it decide, and years, counts and clock times stay out.
 */
import { clockLike } from './price-frames.js';
import type { Found } from './pricing.js';

export type AcceptContext = {
  /** The passage around the amount speaks of money. */
  moneyContext: boolean;
  /** The call speaks of money somewhere. */
  callMoney: boolean;
  /** The sentence answers "how many": its numbers are counts. */
  counts: boolean;
  /** Prices already found in the same text. */
  pricesBefore: number;
};

export function countsAsPrice(a: Found, b: Found, ctx: AcceptContext): boolean {
  if (a.excluded || b.excluded) return false;
  if (a.hasCurrency || b.hasCurrency) return true;
  // A bare million or more with no currency ("a five million cover", "the house is one point four
  // million", "a pension pot of one point one million") is an insured sum, a property value or a
  // loan, which the guide does not count as prices; what our users sell is priced below that, per
  // period, or named in its currency.
  if (b.amount >= 1_000_000 && !b.per && !b.period) return false;
  if (ctx.counts || b.amount < 10) return false;
  // "forty-four nine" (44,900) is a form of prices: where the call speaks of money, or in a price
  // frame ("it's thirty-nine five", "we're at forty-four nine").
  if (a.shorthand || b.shorthand) return ctx.callMoney || a.framed || a.rateAt;
  // A year said in words ("two thousand twenty seven", "twenty twenty six") is a date.
  if (b.words && b.amount > 1950 && b.amount < 2100 && b.amount !== 2000 && a === b) return false;
  // "The building went up in nineteen eighty-two.", "like it's nineteen sixty": read in the
  // hundreds, a year of the last century; shop prices in that form end in 9 or 5 ("nineteen
  // ninety-nine", "nineteen ninety-five").
  if (a === b && !b.per && !b.period && b.alt && b.alt > 1950 && b.alt < 2030 && ![5, 9].includes(b.alt % 10))
    return false;
  // "forty-two hundred one time, then eighty-five per user per month": a price said before in
  // the same text is money talk enough.
  if (b.period || b.per)
    return (
      ctx.moneyContext ||
      a.framed ||
      a.opensClause ||
      ctx.pricesBefore > 0 ||
      // "at three fifty a desk per month": an amount counted per a unit and per a period is a
      // rate, wherever the call speaks of money; so is one "at" an amount per hour ("a five-hour
      // minimum at one sixty-five an hour"): clock times take no period.
      (!!b.per && !!b.period && ctx.callMoney) ||
      (a.rateAt && ctx.callMoney) ||
      // "I'll drop to three forty-nine a square foot", "I can do sixty-two fifty per house": an
      // amount in two groups (the form of prices) counted per a thing, where the call speaks of
      // money. A clock time is counted per nothing.
      (a === b && b.alt !== undefined && !!b.per && ctx.callMoney)
    );
  if (b.feeAfter) return ctx.moneyContext || ctx.callMoney;
  // "That's two twenty-nine": an amount said in the hundreds-and-cents form is said of prices,
  // unless it could be a clock time ("it's two thirty", "three fifteen"); so is a range of two
  // such amounts ("it's usually one fifty to two fifty").
  if (
    a.alt !== undefined &&
    b.alt !== undefined &&
    (a.framed || a.opensClause) &&
    b.endsPhrase &&
    !clockLike(a) &&
    !clockLike(b)
  )
    return true;
  // A bare number under a hundred ("it's fifteen", "was like twenty") is as often a count, an age or
  // a size: only where the passage itself speaks of money, or has already given a price ("twenty
  // nine dollars instead of the usual seventy nine").
  if (b.amount < 100) return a.framed && (ctx.moneyContext || ctx.pricesBefore > 0) && b.endsPhrase;
  return a.framed && (ctx.moneyContext || ctx.callMoney) && b.endsPhrase;
}
