/**
 * The unit of an amount named after what the money buys ("cinq mille euros de mazout par an"). Part
 * of the price reader (`pricing.ts`).
 */
import { isWord, type Tok } from './price-tokens.js';
import {
  AFTER_UNIT,
  CONNECTORS,
  OPEN_CONNECTORS,
  countUnit,
  readUnit,
  type UnitRead,
} from './price-units.js';

/** Words that say what the money buys between a currency and its unit: "de", "of", "in", "worth of". */
const SPENT_ON = /^(?:de|d'.+|of|in|on|worth)$/u;

/**
 * The units of an amount said with its currency, after what the money buys: "cinq mille euros de
 * mazout par an", "vingt-huit francs de frais de port par commande", "two hundred dollars in gas a
 * week", "fifty dollars worth of parts per visit". Why: people name the thing paid for between the
 * amount and its period; without this the period is lost and the price reads as a one-off. At most
 * four words may stand between, all words (no number, no punctuation: "deux cents euros de marge,
 * par contre…" is a new thought; no conjunction); after "a"/"an" only a period or a known unit
 * counts.
 */
export function unitsAfterSpentOn(toks: readonly Tok[], i: number): UnitRead | null {
  const first = toks[i];
  if (!isWord(first) || !SPENT_ON.test(first.w)) return null;
  // "d'essence" holds its noun; "de", "of", "in", "worth (of)" come before it.
  let k = i + 1 + (first.w === 'worth' && toks[i + 1]?.w === 'of' ? 1 : 0);
  let nouns = first.w.startsWith("d'") ? 1 : 0;
  for (; nouns <= 4; k++) {
    const t = toks[k];
    if (!t || (t.kind !== 'word' && t.kind !== 'slash')) return null;
    if (nouns > 0) {
      const u = readUnit(toks, k, true);
      const open = t.kind === 'slash' || OPEN_CONNECTORS.has(t.w);
      if (u && (u.period || (u.per && (open || countUnit(toks[k + 1]?.w ?? ''))))) return u;
    }
    // "de frais de port": "de" may join the nouns; any other connector, or a conjunction ("in parts
    // and a day of labour"), ends the phrase.
    if (t.kind === 'slash' || (nouns > 0 && CONNECTORS.has(t.w) && t.w !== 'de' && t.w !== 'of')) return null;
    if (nouns > 0 && AFTER_UNIT.has(t.w)) return null;
    nouns++;
  }
  return null;
}
