/**
 * Merging per-chunk model answers into one analysis.
 *  - questions, objections, pain points: concatenated in call order, duplicates removed
 *    (case, accents and punctuation ignored);
 *  - prices: rewritten in the canonical form of the rules parser when they parse as one price
 *    ("$299/mo" → "$299 per month"), then de-duplicated;
 *  - result class: the last chunk's class wins, except that an appointment in an earlier chunk stands
 *    and a chunk that says "other" (no outcome in that part) does not override a real outcome;
 *  - call_results, lead score and its reasons: from the chunk that decided the class;
 *  - summaries: joined in order.
 */
import type { Analysis, CallResultClass } from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../language.js';
import { findPrices, formatPrice } from '../rules/pricing.js';
import { normalizeForMatch } from '../text.js';
import type { CallAnalysisChunk } from './analyze-call/schema.js';

const key = (s: string) => normalizeForMatch(s).replace(/\s+/gu, ' ').trim();

function dedupe(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const k = key(item);
    if (!k || seen.has(k)) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}

/** A model-written price in canonical form when it parses as exactly one price. */
export function canonicalPrice(text: string, language: EngineLanguage): string {
  const prices = findPrices(text);
  return prices.length === 1 && prices[0] ? formatPrice(prices[0], language) : text.trim();
}

export type MergedAnalysis = Omit<Analysis, 'analyzer' | 'fallback_reason'>;

export function mergeChunks(chunks: readonly CallAnalysisChunk[], language: EngineLanguage): MergedAnalysis {
  let resultClass: CallResultClass = 'other';
  let decider = chunks.length - 1;
  chunks.forEach((c, i) => {
    if (resultClass === 'appointment' && c.result_class !== 'appointment') return;
    if (c.result_class === 'other' && resultClass !== 'other') return;
    resultClass = c.result_class;
    decider = i;
  });
  const decisive = chunks[decider];

  const seenQa = new Set<string>();
  const qa = chunks
    .flatMap((c) => c.questions)
    .filter((q) => {
      const k = `${key(q.question)}|${key(q.answer)}`;
      if (!key(q.question) || seenQa.has(k)) return false;
      seenQa.add(k);
      return true;
    });

  const score = Math.round(Math.max(0, Math.min(100, decisive?.lead_score ?? 0)));
  return {
    call_results: decisive?.call_results.trim() ?? '',
    call_summary: chunks
      .map((c) => c.call_summary.trim())
      .filter(Boolean)
      .join(' '),
    questions: qa.map((q) => q.question.trim()),
    answers: qa.map((q) => q.answer.trim()),
    question_speakers: qa.map((q) => q.asked_by.trim()),
    objections: dedupe(chunks.flatMap((c) => c.objections)),
    pain_points: dedupe(chunks.flatMap((c) => c.pain_points)),
    pricing_discussed: dedupe(
      chunks.flatMap((c) => c.pricing_discussed).map((p) => canonicalPrice(p, language)),
    ),
    result_class: resultClass,
    lead_score: Number.isFinite(score) ? score : 0,
    lead_score_reasons: dedupe(decisive?.lead_score_reasons ?? []),
  };
}
