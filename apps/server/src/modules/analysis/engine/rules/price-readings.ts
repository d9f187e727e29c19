/**
 * Readings of amounts the words leave open ("seven fifty": 750 or 7.50), settled by the call's other
 * prices (see `pickReadings`). The reader (`pricing.ts`) gives both readings; the call decides.
 */
import type { Price } from './pricing.js';
/** Distance of two amounts in orders of magnitude. */
const orders = (a: number, b: number) => Math.abs(Math.log10(a / b));
/** Months in a period, to compare "$38 per user per year" with "three fifty per user per month". */
const MONTHS: Partial<Record<string, number>> = { week: 12 / 52, month: 1, quarter: 3, year: 12 };
/** `o`'s amount brought to `p`'s period when both are periods of a subscription. */
function onPeriodOf(o: Price, p: Price): number {
  const from = MONTHS[o.period ?? ''];
  const to = MONTHS[p.period ?? ''];
  return from && to ? (o.amount * to) / from : o.amount;
}

/**
 * Settles amounts the words leave open ("seven fifty" is 750 or 7.50; "fourteen fifty" 14.50 or
 * 1,450) by the call's other prices: prices of one offer keep to one order of magnitude, so the
 * reading nearer the others wins ("six dollars a square foot … seven fifty" is 7.50). Compared with
 * the prices counted per a unit when the amount is, else with all. A price per period with no unit
 * ("three fifty a month") keeps the reader's default: sub-ten-dollar subscriptions are rare, and a
 * per-unit price in the same call says nothing about it. Without other prices, the default stays.
 */
export function pickReadings(prices: readonly Price[]): Price[] {
  const settled = prices.filter((p) => p.alternative === undefined);
  return prices.map((p) => {
    const alt = p.alternative;
    if (alt === undefined) return p;
    const rest: Price = { ...p };
    delete rest.alternative;
    if (p.period && !p.per) return rest;
    const sameKind = settled.filter((o) => (o.per !== null) === (p.per !== null));
    const anchors = (sameKind.length ? sameKind : settled).map((o) => onPeriodOf(o, p));
    if (!anchors.length || alt <= 0) return rest;
    const near = (v: number) => Math.min(...anchors.map((a) => orders(v, a)));
    return near(alt) < near(p.amount) ? { ...rest, amount: alt } : rest;
  });
}
