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
 * Units priced in small amounts by nature: a gallon of fuel, a minute of interpreting, a page, a word,
 * a line, a mile, a square foot of cleaning, a pound or a kilo of goods, a text message, a copy.
 * "Two eighty-nine a gallon" is 2.89 and "three fifty a square foot" 3.50, whatever else the call
 * costs (general knowledge of prices, the same in every industry).
 */
const SMALL_UNITS = new Set([
  'gallon',
  'quart',
  'pint',
  'liter',
  'minute',
  'page',
  'word',
  'mot',
  'line',
  'ligne',
  'mile',
  'km',
  'kilometre',
  'kilometer',
  'square foot',
  'pound',
  'kilogram',
  'message',
  'copy',
  'copie',
  'print',
  'sheet',
  'feuille',
  'packet',
  'sachet',
  'envelope',
  'label',
  'etiquette',
]);

/** Whether cents are a quarter, a half or three quarters ("eleven fifty"), not a retail ".99". */
const roundCents = (v: number) => [25, 50, 75].includes(Math.round(v * 100) % 100);

/**
 * Settles amounts the words leave open ("seven fifty" is 750 or 7.50; "fourteen fifty" 14.50 or
 * 1,450), in this order:
 *  - per a unit priced small by nature (`SMALL_UNITS`), the reading under twenty;
 *  - per a period with no unit ("eleven fifty a month"), the reading in hundreds when the other is
 *    under twenty with round cents: a subscription of $11.50 is rare, one of $14.99 is not;
 *  - otherwise by the call's other prices: prices of one offer keep to one order of magnitude, so
 *    the reading nearer the others wins ("six dollars a square foot … seven fifty" is 7.50),
 *    compared with the prices counted per a unit when the amount is, else with all. A price per
 *    period with no unit keeps the reader's default; without other prices, the default stays.
 */
export function pickReadings(prices: readonly Price[]): Price[] {
  // First the readings the amount's own units decide: they anchor the others as well as prices
  // said without doubt ("one forty a month" is 140 whatever else the call says).
  const byUnits = prices.map(readByUnits);
  const settled = byUnits.filter((p): p is Price => p !== undefined);
  return prices.map((p, i) => {
    const decided = byUnits[i];
    if (decided) return decided;
    // Undecided by its units: an open amount, weighed against the call's settled prices.
    const alt = p.alternative ?? p.amount;
    const rest = withoutAlternative(p);
    const sameKind = settled.filter((o) => (o.per !== null) === (p.per !== null));
    const anchors = (sameKind.length ? sameKind : settled).map((o) => onPeriodOf(o, p));
    if (!anchors.length) return rest;
    const near = (v: number) => Math.min(...anchors.map((a) => orders(v, a)));
    return near(alt) < near(p.amount) ? { ...rest, amount: alt } : rest;
  });
}

function withoutAlternative(p: Price): Price {
  const rest: Price = { ...p };
  delete rest.alternative;
  return rest;
}

/**
 * The price as its units settle it (`pickReadings`' first two rules): itself when said without
 * doubt, else the reading its unit or period decides; undefined when only the call can decide.
 */
function readByUnits(p: Price): Price | undefined {
  const alt = p.alternative;
  if (alt === undefined) return p;
  const rest = withoutAlternative(p);
  if (alt <= 0) return rest;
  const small = Math.min(alt, p.amount);
  const large = Math.max(alt, p.amount);
  if (p.per && SMALL_UNITS.has(p.per) && small < 20) return { ...rest, amount: small };
  if (p.period && !p.per) return small < 20 && roundCents(small) ? { ...rest, amount: large } : rest;
  return undefined;
}
