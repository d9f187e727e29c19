/**
 * Sentence-level signals of the rules analyzer: objections (one per family), pain points (one per
 * distinct clause), buying signals (a count) and prices. Objections and pain points come from the
 * prospect's statements only (not from the rep, not from questions: "Is it hard to set up?" is not a
 * pain point); when the call has a single speaker, that speaker counts as the prospect. A negated
 * phrase does not count ("it's not too expensive"). Items are the clause around the phrase, in the
 * prospect's words.
 */
import type { EngineLanguage } from '../language.js';
import type { Turn } from '../speakers.js';
import { clauseAround, isNegated, normalizeForMatch, splitSentences } from '../text.js';
import type { CompiledLexicon } from './compiled-lexicon.js';
import { findPrices, formatPrice, priceKey, type Price } from './pricing.js';
import { isQuestion } from './questions.js';

export type CallSentence = {
  text: string;
  norm: string;
  speaker: string;
  turnIndex: number;
  /** Position in the whole call, 0-based. */
  index: number;
  question: boolean;
};

/** Every sentence of the call in order, normalized once for all the matchers. */
export function callSentences(turns: readonly Turn[], lex: CompiledLexicon): CallSentence[] {
  const out: CallSentence[] = [];
  turns.forEach((turn, turnIndex) => {
    for (const text of splitSentences(turn.text)) {
      out.push({
        text,
        norm: normalizeForMatch(text),
        speaker: turn.speaker,
        turnIndex,
        index: out.length,
        question: isQuestion(text, lex),
      });
    }
  });
  return out;
}

export type Signals = {
  objections: string[];
  objectionSentences: Set<number>;
  painPoints: string[];
  painSentences: Set<number>;
  buyingSignals: number;
  buyingSentences: Set<number>;
  pricing: string[];
  pricingSentences: Set<number>;
};

function fromProspect(s: CallSentence, rep: string | null, singleSpeaker: boolean): boolean {
  return singleSpeaker || s.speaker !== rep;
}

type Span = { start: number; end: number };
const overlaps = (spans: readonly Span[], c: Span) => spans.some((t) => t.start < c.end && c.start < t.end);

const keyOf = (clause: string) => normalizeForMatch(clause).replace(/\s+/gu, ' ').trim();

export function extractSignals(
  sentences: readonly CallSentence[],
  rep: string | null,
  lex: CompiledLexicon,
  language: EngineLanguage,
): Signals {
  const singleSpeaker = new Set(sentences.map((s) => s.speaker)).size <= 1;
  const out: Signals = {
    objections: [],
    objectionSentences: new Set(),
    painPoints: [],
    painSentences: new Set(),
    buyingSignals: 0,
    buyingSentences: new Set(),
    pricing: [],
    pricingSentences: new Set(),
  };
  const families = new Set<string>();
  const painKeys = new Set<string>();
  const prices: Price[] = [];

  for (const s of sentences) {
    const prospect = fromProspect(s, rep, singleSpeaker);
    if (prospect && !s.question) {
      const objectionClauses: Span[] = [];
      for (const hit of lex.objections.findAll(s.norm)) {
        if (families.has(hit.value.key) || isNegated(s.norm, hit.start, hit.end, language, s.text)) continue;
        const clause = clauseAround(s.text, hit.start, hit.end);
        // One clause is one objection, even when it matches two families.
        if (overlaps(objectionClauses, clause)) continue;
        objectionClauses.push(clause);
        families.add(hit.value.key);
        out.objections.push(clause.text);
        out.objectionSentences.add(s.index);
      }
      const taken: Span[] = [];
      for (const hit of lex.painPoints.findAll(s.norm)) {
        if (isNegated(s.norm, hit.start, hit.end, language, s.text)) continue;
        const clause = clauseAround(s.text, hit.start, hit.end);
        // Two markers in one clause ("it's frustrating, we lose leads") make one pain point.
        if (overlaps(taken, clause)) continue;
        taken.push(clause);
        const key = keyOf(clause.text);
        if (!key || painKeys.has(key)) continue;
        painKeys.add(key);
        out.painPoints.push(clause.text);
        out.painSentences.add(s.index);
      }
    }
    if (prospect) {
      for (const hit of lex.buyingSignals.findAll(s.norm)) {
        if (isNegated(s.norm, hit.start, hit.end, language, s.text)) continue;
        out.buyingSignals++;
        out.buyingSentences.add(s.index);
      }
    }
    for (const price of findPrices(s.text)) {
      out.pricingSentences.add(s.index);
      addPrice(prices, price);
    }
  }
  out.pricing = prices.map((p) => formatPrice(p, language));
  return out;
}

/**
 * Adds a price unless already known. The same amount said again without its period ("so, $299")
 * is the same price; said first bare and later with its period, the detailed form replaces it.
 */
function addPrice(prices: Price[], price: Price): void {
  if (prices.some((p) => priceKey(p) === priceKey(price))) return;
  const sameAmount = prices.findIndex((p) => p.amount === price.amount && p.currency === price.currency);
  const bare = (p: Price) => p.per === null && p.period === null;
  if (sameAmount >= 0) {
    const existing = prices[sameAmount];
    if (bare(price)) return;
    if (existing && bare(existing)) {
      prices[sameAmount] = price;
      return;
    }
  }
  prices.push(price);
}
