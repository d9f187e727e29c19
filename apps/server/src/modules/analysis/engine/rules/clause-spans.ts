/**
 * Clauses of a sentence and the text shown for an item, for the clause classifier (`clause-model.ts`)
 * and the analyzer (`signals.ts`): where a sentence is cut into clauses, how far an item widens to
 * its neighbouring clauses (never into another item nor across "but"), and the stemmed content words
 * both count.
 */
import { countWords, normalizeForMatch, tidy, tokens } from '../text.js';
import type { CallSentence } from './signals.js';

const SPLIT_ALWAYS = /[,;:()–—]|\s-\s|\s(?:but|though|mais|sauf que)\s/giu;
const SPLIT_LONG = /\s(?:and|because|cause|so|since|et|parce que|donc|puis|car)\s/giu;
const MIN_WORDS = 4;
const LONG_WORDS = 14;
const MAX_WORDS = 24;

/** A stretch of a sentence's text. */
export type Span = { start: number; end: number };

function cut(text: string, span: Span, re: RegExp): Span[] {
  const out: Span[] = [];
  const part = text.slice(span.start, span.end);
  let pos = 0;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(part)) !== null) {
    out.push({ start: span.start + pos, end: span.start + m.index });
    pos = m.index + m[0].length;
  }
  out.push({ start: span.start + pos, end: span.end });
  return out.filter((s) => countWords(text.slice(s.start, s.end)) > 0);
}

/** Joins spans shorter than MIN_WORDS to their next neighbour (the previous one at the end). */
function joinShort(text: string, spans: Span[]): Span[] {
  const out: Span[] = [];
  let pending: Span | null = null;
  for (const s of spans) {
    const cur: Span = pending ? { start: pending.start, end: s.end } : s;
    pending = countWords(text.slice(cur.start, cur.end)) < MIN_WORDS ? cur : null;
    if (!pending) out.push(cur);
  }
  if (pending) {
    const last = out.pop();
    out.push(last ? { start: last.start, end: pending.end } : pending);
  }
  return out;
}

/** The clauses of a sentence as spans of its text (see the module comment). */
export function clauseSpans(text: string): Span[] {
  const first = joinShort(text, cut(text, { start: 0, end: text.length }, SPLIT_ALWAYS));
  const out: Span[] = [];
  for (const span of first) {
    if (countWords(text.slice(span.start, span.end)) <= LONG_WORDS) {
      out.push(span);
      continue;
    }
    const parts = joinShort(text, cut(text, span, SPLIT_LONG));
    for (const p of parts) {
      // An unpunctuated run with no joiner: windows of at most MAX_WORDS words.
      const words = [...text.slice(p.start, p.end).matchAll(/\S+/gu)];
      if (words.length <= MAX_WORDS) {
        out.push(p);
        continue;
      }
      for (let i = 0; i < words.length; i += MAX_WORDS) {
        const a = words[i];
        const b = words[Math.min(words.length, i + MAX_WORDS) - 1];
        if (a?.index === undefined || b?.index === undefined) continue;
        out.push({ start: p.start + a.index, end: p.start + b.index + b[0].length });
      }
    }
  }
  return out;
}

/**
 * How many content words an item shows at most once it takes in its neighbours (`widenClause`).
 * Why: people mark an objection or a pain as a thought ("a guy over in Harlan, he said five
 * hundred"), which often runs across a comma; a clause cut at punctuation shows half of it. Chosen by
 * cross-validation across the dev set's writers (leave one batch of calls out): 10, 14 and 20 words
 * gave 0.587, 0.601 and 0.606 mean F1 against 0.548 for the bare clause; 14 keeps items short.
 */
export const ITEM_CONTENT_WORDS = 14;

const CONTRAST = /(?<![\p{L}])(?:but|though|mais|sauf que)(?![\p{L}])/iu;
const CONTRASTS = new RegExp(CONTRAST.source, 'giu');

/**
 * The text to show for an item found at `span` of a sentence: its clause(s), then the next clause of
 * the sentence, then the previous one, taken in turn while the whole stays within `maxWords`
 * content words (see `ITEM_CONTENT_WORDS`). It never takes in a clause that holds another item
 * (`blocked`: two items of one sentence stay two), nor reaches across "but" / "mais", which turns the
 * thought around. An item already longer than that is shown as found (`span.text`, else the span).
 */
export function widenClause(
  sentenceText: string,
  span: Span & { text?: string },
  opts: { maxWords?: number; blocked?: readonly Span[] } = {},
): string {
  const maxWords = opts.maxWords ?? ITEM_CONTENT_WORDS;
  const asFound = () => (span.text ?? tidy(sentenceText.slice(span.start, span.end))).replace(/\s*\?+$/u, '');
  const spans = clauseSpans(sentenceText);
  let a = spans.findIndex((sp) => sp.end > span.start);
  let b = spans.findLastIndex((sp) => sp.start < span.end);
  const size = (i: number, j: number) =>
    words(
      sentenceText.slice(Math.min(span.start, spans[i]?.start ?? 0), Math.max(span.end, spans[j]?.end ?? 0)),
    ).length;
  if (a < 0 || b < a || size(a, b) > maxWords) return asFound();
  const free = (i: number) => {
    const sp = spans[i];
    return !!sp && !(opts.blocked ?? []).some((o) => o.start < sp.end && sp.start < o.end);
  };
  const gapTurns = (i: number) =>
    CONTRAST.test(sentenceText.slice(spans[i]?.end ?? 0, spans[i + 1]?.start ?? 0));
  for (;;) {
    if (b + 1 < spans.length && free(b + 1) && !gapTurns(b) && size(a, b + 1) <= maxWords) b++;
    else if (a > 0 && free(a - 1) && !gapTurns(a - 1) && size(a - 1, b) <= maxWords) a--;
    else break;
  }
  let from = Math.min(span.start, spans[a]?.start ?? span.start);
  let to = Math.max(span.end, spans[b]?.end ?? span.end);
  // A short clause joined to its neighbour may hold a "but" itself: the item stops there too.
  const after = CONTRAST.exec(sentenceText.slice(span.end, to));
  if (after) to = span.end + after.index;
  const before = [...sentenceText.slice(from, span.start).matchAll(CONTRASTS)].at(-1);
  if (before?.index !== undefined) from += before.index + before[0].length;
  return tidy(sentenceText.slice(from, to)).replace(/\s*\?+$/u, '');
}

/** An item found in a sentence: where it is and its text as found. */
export type FoundItem = { sentence: CallSentence; start: number; end: number; text: string };

/**
 * The text to show for `item` among the items of one call (`widenClause`): the other items of its
 * sentence block it. Used by the analyzer (`signals.ts`) and by training, which scores what is shown.
 */
export function shownText(item: FoundItem, all: readonly FoundItem[]): string {
  const blocked = all.filter(
    (o) => o.sentence.index === item.sentence.index && (o.start !== item.start || o.end !== item.end),
  );
  return widenClause(item.sentence.text, item, { blocked });
}

/** The texts to show for clauses picked in one call (`shownText`). */
export function shownTexts(clauses: readonly FoundItem[], all: readonly FoundItem[] = clauses): string[] {
  return clauses.map((c) => shownText(c, all));
}

/** Very frequent words that say nothing of the clause's meaning. Negations, "too", "already" stay. */
const FUNCTION_WORDS = new Set(
  (
    'a an the of to in on at for with from by is are was were be been am it its this that these those ' +
    'um uh yeah yes ok okay oh well like just you your i me my we us our they them their he she his her ' +
    'le la les l un une des du de d et ou a au aux en dans sur pour par avec ce cet cette ces ca c ' +
    'je j on nous vous il elle ils elles leur mon ma mes notre nos votre vos son sa ses est sont oui ben bon'
  ).split(' '),
);

/** A light stemmer shared by both languages (plural, -ing, -ed, French -e/-es/-ent). */
export function stemWord(w: string): string {
  let s = w.replace(/^(?:[ldjmnstc]|qu)'/u, '').replace(/'s$/u, '');
  if (s.endsWith("n't")) return 'not';
  if (s.length > 5 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith('ed')) s = s.slice(0, -2);
  else if (s.length > 5 && s.endsWith('ent')) s = s.slice(0, -3);
  if (s.length > 3 && (s.endsWith('s') || s.endsWith('x'))) s = s.slice(0, -1);
  if (s.length > 3 && s.endsWith('e')) s = s.slice(0, -1);
  return s;
}

/** The content words of a text, stemmed: what the model and the width of an item count. */
export function words(text: string): string[] {
  return tokens(normalizeForMatch(text))
    .map(stemWord)
    .filter((w) => w.length > 0 && !FUNCTION_WORDS.has(w));
}
