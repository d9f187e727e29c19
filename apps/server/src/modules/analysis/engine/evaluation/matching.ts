/**
 * How the evaluation matches predicted items to labelled ones.
 *
 * Objections and pain points: both sides become sets of content words (lower case, no accents,
 * English and French stop words removed, a light stemmer: plural "s"/"x", "ing", "ed", French
 * "e"/"es"). A prediction matches a label when it contains at least half of the label's content
 * words, and is itself a phrase (at most 20 content words), not a paragraph. Matching is one to one,
 * greedy in label order, each label taking the unmatched prediction that covers it best.
 *
 * Prices: both sides are parsed by the price parser, number words of the transcript's language
 * included, and compared on amount (a range on both ends) + currency + unit + period ("$299/mo" =
 * "$299 per month" = "two ninety nine dollars a month"); a string that does not parse is compared as
 * normalized text.
 */
import type { EngineLanguage } from '../language.js';
import { findPrices, priceKey } from '../rules/pricing.js';
import { normalizeForMatch, tokens } from '../text.js';

const STOP = new Set(
  (
    "a an the and or but of to in on at for with from by is are was were be been it it's its this that these those " +
    "i i'm we we're our us you your they their them he she his her my me so just really very too also not no " +
    'do does did have has had will would can could should about like than then there here what which who how ' +
    "le la les l' un une des du de d' et ou mais a au aux en dans sur pour par avec ce cet cette ces c'est ca " +
    "je j' on nous vous il elle ils elles leur leurs mon ma mes notre nos votre vos son sa ses est sont etait " +
    "ai as avons avez ont pas ne n' plus tres trop que qu' qui quoi y se s' m' me te t' deja"
  ).split(' '),
);

function stem(w: string): string {
  let s = w.replace(/^(?:[ldjmnstc]|qu)'/u, '').replace(/'s$/u, '');
  if (s.length > 5 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith('ed')) s = s.slice(0, -2);
  if (s.length > 3 && (s.endsWith('s') || s.endsWith('x'))) s = s.slice(0, -1);
  if (s.length > 3 && s.endsWith('e')) s = s.slice(0, -1);
  return s;
}

/** Content words of a phrase, stemmed. */
export function contentWords(text: string): Set<string> {
  return new Set(
    tokens(normalizeForMatch(text))
      .filter((w) => !STOP.has(w))
      .map(stem)
      .filter((w) => w.length > 1 && !STOP.has(w)),
  );
}

const MAX_PREDICTION_WORDS = 20;

/** Share of the label's content words found in the prediction (0 when the prediction is too long). */
export function coverage(prediction: string, label: string): number {
  const p = contentWords(prediction);
  const l = contentWords(label);
  if (p.size > MAX_PREDICTION_WORDS) return 0;
  if (l.size === 0) return normalizeForMatch(prediction).trim() === normalizeForMatch(label).trim() ? 1 : 0;
  let hit = 0;
  for (const w of l) if (p.has(w)) hit++;
  return hit / l.size;
}

export type MatchCounts = { predicted: number; labelled: number; matched: number };

/** The counts added up (several calls, several folds). */
export function sumCounts(counts: readonly MatchCounts[]): MatchCounts {
  return counts.reduce(
    (a, c) => ({
      predicted: a.predicted + c.predicted,
      labelled: a.labelled + c.labelled,
      matched: a.matched + c.matched,
    }),
    { predicted: 0, labelled: 0, matched: 0 },
  );
}

/** Greedy one-to-one matching of phrases (see the module comment). */
export function matchPhrases(predicted: readonly string[], labels: readonly string[]): MatchCounts {
  const used = new Set<number>();
  let matched = 0;
  for (const label of labels) {
    let best = -1;
    let bestScore = 0;
    predicted.forEach((p, i) => {
      if (used.has(i)) return;
      const c = coverage(p, label);
      if (c >= 0.5 && c > bestScore) {
        best = i;
        bestScore = c;
      }
    });
    if (best >= 0) {
      used.add(best);
      matched++;
    }
  }
  return { predicted: predicted.length, labelled: labels.length, matched };
}

/** A price's comparable key, or its normalized text when it does not parse. */
export function priceIdentity(text: string, language?: EngineLanguage): string {
  // Both sides are known to be prices: "twelve hundred a quarter" needs no money word around it.
  const p = findPrices(text, language, { moneyContext: true })[0];
  return p ? priceKey(p) : normalizeForMatch(text).replace(/\s+/gu, ' ').trim();
}

/** One-to-one matching of prices on amount + currency + unit + period. */
export function matchPrices(
  predicted: readonly string[],
  labels: readonly string[],
  language?: EngineLanguage,
): MatchCounts {
  const pool = predicted.map((p) => priceIdentity(p, language));
  let matched = 0;
  for (const label of labels) {
    const i = pool.indexOf(priceIdentity(label, language));
    if (i >= 0) {
      pool[i] = '\u0000';
      matched++;
    }
  }
  return { predicted: predicted.length, labelled: labels.length, matched };
}
