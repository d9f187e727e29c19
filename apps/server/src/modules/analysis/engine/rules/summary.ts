/**
 * Extractive summary: two or three sentences of the call itself, chosen by score and printed in call
 * order. Score of a sentence (five words or more):
 *   +2 outcome cue, +1.5 objection, +1.5 pain point, +1 price, +1 buying signal,
 *   +1 for the rep's first statement (it usually states the purpose of the call),
 *   +0.5 in the last fifth of the call (where the outcome is settled),
 *   −0.5 for a question, −0.5 above 40 words.
 * Ties go to the earlier sentence. Three sentences for calls of 12 sentences or more, else two.
 */
import { countWords } from '../text.js';
import type { CallSentence, Signals } from './signals.js';

export function extractiveSummary(
  sentences: readonly CallSentence[],
  signals: Signals,
  cueSentences: ReadonlySet<number>,
  rep: string | null,
): string {
  const candidates = sentences.filter((s) => countWords(s.text) >= 5);
  if (candidates.length === 0) return sentences.map((s) => s.text).join(' ');
  const firstRepStatement = sentences.find(
    (s) => s.speaker === rep && !s.question && countWords(s.text) >= 5,
  );
  const tail = Math.floor(sentences.length * 0.8);
  const scored = candidates.map((s) => {
    let score = 0;
    if (cueSentences.has(s.index)) score += 2;
    if (signals.objectionSentences.has(s.index)) score += 1.5;
    if (signals.painSentences.has(s.index)) score += 1.5;
    if (signals.pricingSentences.has(s.index)) score += 1;
    if (signals.buyingSentences.has(s.index)) score += 1;
    if (s === firstRepStatement) score += 1;
    if (s.index >= tail) score += 0.5;
    if (s.question) score -= 0.5;
    if (countWords(s.text) > 40) score -= 0.5;
    return { s, score };
  });
  const count = sentences.length >= 12 ? 3 : 2;
  return scored
    .sort((a, b) => b.score - a.score || a.s.index - b.s.index)
    .slice(0, count)
    .map(({ s }) => s)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.text)
    .join(' ');
}
