/**
 * Finds trackers' phrases in a call's segments. Matching reuses the analysis engine's text
 * helpers: case, accents and punctuation are normalised away (length-preserving, so a hit's
 * position points into the original text), and a phrase matches whole words only. A tracker's
 * phrases are taken literally: the engine's pattern syntax (`*`, `{day}`, `~`) is stripped.
 */
import type { Segment } from '@call-insights/contracts/transcript';
import { normalizeForMatch, PhraseMatcher, splitSentences, tokens } from '../analysis/engine/text.js';

export type TrackerToMatch = { id: number; phrases: readonly string[] };

export type FoundHit = {
  trackerId: number;
  segmentIndex: number;
  /** Where the mention starts in the segment's text. */
  charStart: number;
  speaker: string;
  start: number;
  end: number;
  /** The tracker's phrase, as written in the tracker. */
  phrase: string;
  /** The words as said in the call. */
  said: string;
  sentence: string;
};

/** The words of a phrase as matching sees them: "Cheaper-elsewhere!" → "cheaper elsewhere". */
export function phraseWords(phrase: string): string {
  return tokens(normalizeForMatch(phrase))
    .map((w) => w.replace(/^'+|'+$/gu, ''))
    .filter(Boolean)
    .join(' ');
}

const SENTENCE_MAX = 300;

/** The sentence(s) of `text` that hold [start, end), cut to a window around the hit when long. */
export function sentenceAround(text: string, start: number, end: number): string {
  let cursor = 0;
  let from = -1;
  let to = -1;
  for (const sentence of splitSentences(text)) {
    const at = text.indexOf(sentence, cursor);
    if (at < 0) continue;
    cursor = at + sentence.length;
    if (cursor > start && at < end) {
      if (from < 0) from = at;
      to = cursor;
    }
  }
  if (from < 0) {
    from = 0;
    to = text.length;
  }
  if (to - from <= SENTENCE_MAX) return text.slice(from, to).trim();
  const half = Math.floor((SENTENCE_MAX - (end - start)) / 2);
  const left = Math.max(from, start - Math.max(half, 0));
  const right = Math.min(to, Math.max(end + Math.max(half, 0), left + SENTENCE_MAX));
  return `${left > from ? '…' : ''}${text.slice(left, right).trim()}${right < to ? '…' : ''}`;
}

export type CompiledTrackers = { match(segments: readonly Segment[]): FoundHit[] };

/**
 * Compiles each tracker once (one matcher per tracker, so trackers sharing a word all see it; the
 * longest of a tracker's phrases wins where two start at the same word) and matches calls with it.
 */
export function compileTrackers(list: readonly TrackerToMatch[]): CompiledTrackers {
  const compiled = list
    .map((tracker) => {
      const seen = new Set<string>();
      const entries: { phrase: string; value: string }[] = [];
      for (const phrase of tracker.phrases) {
        const words = phraseWords(phrase);
        if (!words || seen.has(words)) continue;
        seen.add(words);
        entries.push({ phrase: words, value: phrase });
      }
      entries.sort((a, b) => b.phrase.length - a.phrase.length);
      return { id: tracker.id, matcher: new PhraseMatcher(entries), empty: entries.length === 0 };
    })
    .filter((t) => !t.empty);

  return {
    match(segments) {
      const hits: FoundHit[] = [];
      segments.forEach((segment, segmentIndex) => {
        const normalized = normalizeForMatch(segment.text);
        for (const tracker of compiled) {
          for (const hit of tracker.matcher.findAll(normalized)) {
            hits.push({
              trackerId: tracker.id,
              segmentIndex,
              charStart: hit.start,
              speaker: segment.speaker,
              start: segment.start,
              end: segment.end,
              phrase: hit.value,
              said: segment.text.slice(hit.start, hit.end),
              sentence: sentenceAround(segment.text, hit.start, hit.end),
            });
          }
        }
      });
      return hits;
    },
  };
}
