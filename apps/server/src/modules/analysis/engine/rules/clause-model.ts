/**
 * A learned clause classifier for objections and pain points.
 *
 * Why: phrase lexicons tuned on the development set found few of the objections and pain points of
 * calls written by someone else (holdout-v2 F1 0.27 and 0.42): people say "we're covered on that
 * front" or "the phones ring off the hook and nobody picks up" in ways no list foresees. A classifier
 * over the words of a clause and the structure around it generalises from many examples instead of
 * one phrase per example.
 *
 * Method:
 *  - Candidates: every clause of every statement (not a question) by the prospect (see `signals.ts`
 *    for who the prospect is), cut at punctuation and "but"/"mais", long clauses also at "and",
 *    "because", "so" / "et", "parce que", "donc"; clauses shorter than four words join a neighbour.
 *    A clause after a hedge in its sentence ("I'm not saying", "even if") is not a candidate: the
 *    speaker takes it back.
 *  - Features (`clauseFeatures`): light-stemmed words and word pairs of the clause (negations,
 *    "too", "already" kept), words of the previous and next clause of the same sentence, words of the
 *    rep's question just before and of the rep's reply after the turn ("I hear you", "je comprends"),
 *    word classes shared by both languages (`clause-cues.ts`: cost, timing, an incumbent, a decider,
 *    doubt, trouble, loss, manual work, recurrence, intensity) and structure: negation, a number, a
 *    money amount, first person, the clause's place in the call, its length.
 *    No phrase lexicon feeds it: the lexicons were tuned on the same dev calls, so their hits would
 *    let the model learn the lexicon back instead of the words.
 *  - Model: two logistic regressions (objection vs not, pain vs not), L2-regularised, trained by
 *    deterministic full passes of gradient descent (`trainLogistic`) on the development set only, by
 *    `scripts/train-clause-model.ts`, which also picks each decision threshold by cross-validation
 *    over calls (five folds) and writes `clause-model.json`. Holdouts are never read by training.
 *  - Decoding (`pickClauses`): clauses over the threshold, most probable first; a clause whose
 *    content words are half covered by one already picked is the same item said again and is
 *    skipped; a clause goes to the kind (objection or pain) it is more probable for.
 *  - Display (`widenClause`, ADR 042): an item is shown as its thought, with the neighbouring
 *    clauses of its sentence up to `ITEM_CONTENT_WORDS` content words (`clause-spans.ts`).
 */
import type { EngineLanguage } from '../language.js';
import { countWords, normalizeForMatch, tidy } from '../text.js';
import { cuesOf } from './clause-cues.js';
import { hedgedBefore, type CompiledLexicon } from './compiled-lexicon.js';
import { findPrices } from './pricing.js';
import type { CallSentence } from './signals.js';
import { clauseSpans, words, type Span } from './clause-spans.js';
import { adagradStep, featureIds, namedWeights } from '../sparse-learning.js';

export type ClauseKind = 'objection' | 'pain';
export const CLAUSE_KINDS: readonly ClauseKind[] = ['objection', 'pain'];

export type Clause = {
  /** The clause in the speaker's words, tidied. */
  text: string;
  sentence: CallSentence;
  start: number;
  end: number;
  features: string[];
};

export type LogisticModel = { bias: number; weights: Record<string, number> };

export type ClauseModel = {
  /** Which features this model was trained with; a model of another version is not used. */
  version: number;
  models: Record<ClauseKind, LogisticModel>;
  thresholds: Record<ClauseKind, number>;
  /**
   * At most this many items of a kind per call, the likeliest first (a call rarely has more than a
   * few distinct objections or pains; chosen by cross-validation). Absent: no limit.
   */
  maxPerCall?: Record<ClauseKind, number>;
  /** How it was trained, for the reader (set, sizes, cross-validated F1). */
  trainedOn: string;
};

export const FEATURE_VERSION = 5;

const FIRST_PERSON =
  /(?<![\p{L}'])(?:i|i'm|i've|we|we're|we've|our|my|me|us|je|j'ai|nous|on|notre|nos|mon|ma|mes)(?![\p{L}'])/u;
const DIGIT = /\p{N}/u;
const NEGATION =
  /(?<![\p{L}'])(?:not|never|no|nobody|nothing|cannot|[\p{L}]+n't|pas|jamais|rien|aucune?|personne|plus)(?![\p{L}'])/u;

/**
 * `fn` with its last answer kept: the clauses of one sentence come one after another and share the
 * sentence, the rep's question before it and the rep's reply after it, which are read once.
 */
function lastKept<T>(fn: (text: string) => T): (text: string) => T {
  let key: string | null = null;
  let value: T | undefined;
  return (text) => {
    if (key !== text || value === undefined) {
      value = fn(text);
      key = text;
    }
    return value;
  };
}

const sentenceNorm = lastKept(normalizeForMatch);
const questionWords = lastKept(words);
const questionCues = lastKept((text) => cuesOf(normalizeForMatch(text)));
const replyWords = lastKept(words);
const replyCues = lastKept((text) => cuesOf(normalizeForMatch(text)));

/**
 * Features of one clause. `prevQuestion` is the rep's question the sentence answers, when it opens
 * a turn right after one; `position` is the sentence's place in the call (0 to 1).
 */
export function clauseFeatures(
  sentenceText: string,
  span: Span,
  spans: readonly Span[],
  ctx: {
    language: EngineLanguage;
    lex: CompiledLexicon;
    prevQuestion: string | null;
    /** The rep's first sentence after the turn ("I hear you", "je comprends"), when the rep answers. */
    repReply: string | null;
    position: number;
    callMoney: boolean;
  },
): string[] {
  const text = sentenceText.slice(span.start, span.end);
  const norm = sentenceNorm(sentenceText);
  const ws = words(text);
  const f = new Set<string>(['bias:clause']);
  const lang = ctx.language;
  for (const w of ws) f.add(`w:${lang}:${w}`);
  for (let i = 0; i + 1 < ws.length; i++) f.add(`b:${lang}:${ws[i]}_${ws[i + 1]}`);
  const i = spans.indexOf(span);
  const prev = i > 0 ? spans[i - 1] : undefined;
  const next = i >= 0 ? spans[i + 1] : undefined;
  if (prev) for (const w of words(sentenceText.slice(prev.start, prev.end))) f.add(`p:${lang}:${w}`);
  if (next) for (const w of words(sentenceText.slice(next.start, next.end))) f.add(`n:${lang}:${w}`);
  if (ctx.prevQuestion) {
    f.add('s:answers-question');
    for (const w of questionWords(ctx.prevQuestion)) f.add(`q:${lang}:${w}`);
  }
  // Structure, the same in both languages.
  // The clause in the sentence's normalised text (`normalizeForMatch` keeps lengths).
  const clauseNorm = norm.slice(span.start, span.end);
  const negated = NEGATION.test(clauseNorm);
  if (negated) f.add('s:negated');
  for (const cue of cuesOf(clauseNorm)) {
    f.add(`c:${cue}`);
    if (negated) f.add(`c:${cue}:negated`);
  }
  if (ctx.prevQuestion) for (const cue of questionCues(ctx.prevQuestion)) f.add(`qc:${cue}`);
  if (ctx.repReply) {
    for (const w of replyWords(ctx.repReply).slice(0, 8)) f.add(`r:${lang}:${w}`);
    for (const cue of replyCues(ctx.repReply)) f.add(`rc:${cue}`);
  }
  const money = findPrices(text, lang, { moneyContext: ctx.callMoney }).length > 0;
  // In a call that speaks of money, the reading just made is the one with money context.
  if (DIGIT.test(text) || (ctx.callMoney ? money : findPrices(text, lang, { moneyContext: true }).length > 0))
    f.add('s:number');
  if (money) f.add('s:money');
  if (FIRST_PERSON.test(clauseNorm)) f.add('s:first-person');
  f.add(`s:place:${ctx.position < 0.25 ? 'start' : ctx.position > 0.75 ? 'end' : 'middle'}`);
  const n = countWords(text);
  f.add(`s:len:${n < 6 ? 'short' : n < 13 ? 'mid' : 'long'}`);
  if (i === 0) f.add('s:first-clause');
  return [...f];
}

/** The candidate clauses of a call: the prospect's statements, clause by clause. */
export function candidateClauses(
  sentences: readonly CallSentence[],
  isProspect: (s: CallSentence) => boolean,
  ctx: { language: EngineLanguage; lex: CompiledLexicon; callMoney: boolean },
): Clause[] {
  const out: Clause[] = [];
  const total = Math.max(1, sentences.length - 1);
  for (const s of sentences) {
    if (!isProspect(s) || s.question) continue;
    const before = sentences[s.index - 1];
    // The rep's question this sentence answers: the last sentence of the turn before, a question.
    const prevQuestion =
      before && before.turnIndex === s.turnIndex - 1 && before.question && !isProspect(before)
        ? before.text
        : null;
    const firstOfTurn = !before || before.turnIndex !== s.turnIndex;
    let k = s.index + 1;
    while (sentences[k] && sentences[k]?.turnIndex === s.turnIndex) k++;
    const reply = sentences[k];
    const repReply = reply && reply.turnIndex === s.turnIndex + 1 && !isProspect(reply) ? reply.text : null;
    const spans = clauseSpans(s.text);
    for (const span of spans) {
      const text = tidy(s.text.slice(span.start, span.end)).replace(/\s*\?+$/u, '');
      if (countWords(text) < 2) continue;
      // What follows a hedge in the sentence is taken back ("I'm not saying it's too expensive"),
      // until a "but" (`hedgedBefore`).
      if (hedgedBefore(ctx.lex, s.norm, span.end)) continue;
      out.push({
        text,
        sentence: s,
        start: span.start,
        end: span.end,
        features: clauseFeatures(s.text, span, spans, {
          ...ctx,
          prevQuestion: firstOfTurn ? prevQuestion : null,
          repReply,
          position: s.index / total,
        }),
      });
    }
  }
  return out;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function probability(model: LogisticModel, features: readonly string[]): number {
  let z = model.bias;
  for (const f of features) z += model.weights[f] ?? 0;
  return sigmoid(z);
}

/**
 * Trains a logistic regression on binary feature sets: full-batch gradient descent with L2, a fixed
 * number of passes, examples in the given order (deterministic: same data, same weights). Positive
 * examples weigh `positiveWeight` times a negative one, since there are few of them.
 */
export function trainLogistic(
  examples: readonly { features: readonly string[]; y: 0 | 1 }[],
  opts: { epochs?: number; rate?: number; l2?: number; positiveWeight?: number } = {},
): LogisticModel {
  const epochs = opts.epochs ?? 300;
  const rate = opts.rate ?? 0.5;
  const l2 = opts.l2 ?? 1e-3;
  const pw = opts.positiveWeight ?? 3;
  // Features as indices into typed arrays (`sparse-learning.ts`): training runs in the
  // reproducibility test and in every cross-validation fold.
  const index = new Map<string, number>();
  const rows = examples.map((e) => ({
    features: featureIds(index, e.features),
    y: e.y,
    weight: e.y ? pw : 1,
  }));
  const weights = new Float64Array(index.size);
  const grad = new Float64Array(index.size);
  const g2 = new Float64Array(index.size).fill(1e-8);
  let bias = 0;
  let g2b = 1e-8;
  const norm = rows.reduce((a, e) => a + e.weight, 0) || 1;
  for (let epoch = 0; epoch < epochs; epoch++) {
    grad.fill(0);
    let gb = 0;
    for (const e of rows) {
      let z = bias;
      for (const f of e.features) z += weights[f] ?? 0;
      const err = (sigmoid(z) - e.y) * e.weight;
      gb += err;
      for (const f of e.features) grad[f] = (grad[f] ?? 0) + err;
    }
    gb /= norm;
    g2b += gb * gb;
    bias -= (rate * gb) / Math.sqrt(g2b);
    adagradStep(weights, grad, g2, { norm, rate, l2 });
  }
  return { bias: Math.round(bias * 1e4) / 1e4, weights: namedWeights(index, weights) };
}

/** A clause's probability of each kind. */
export type ClauseOdds = Record<ClauseKind, number>;

export function clauseOdds(clause: Pick<Clause, 'features'>, model: Pick<ClauseModel, 'models'>): ClauseOdds {
  return {
    objection: probability(model.models.objection, clause.features),
    pain: probability(model.models.pain, clause.features),
  };
}

/** The kind a clause is more likely to be, each probability measured from its threshold. */
export function kindOf(
  clause: Pick<Clause, 'features'>,
  model: Pick<ClauseModel, 'models' | 'thresholds'>,
  odds: ClauseOdds = clauseOdds(clause, model),
): ClauseKind {
  const margin = (k: ClauseKind) => odds[k] - model.thresholds[k];
  return margin('objection') >= margin('pain') ? 'objection' : 'pain';
}

/** Content words of a clause, for telling the same item said twice. */
function itemWords(text: string): Set<string> {
  return new Set(words(text).filter((w) => w.length > 2 && w !== 'not'));
}

/**
 * The clauses a model keeps for each kind (see the module comment); each list in call order.
 * `odds` (one per clause, `clauseOdds`) spares the model's sums when the caller already has them,
 * as the training's threshold search does for every pair of thresholds it tries.
 */
export function pickClauses(
  clauses: readonly Clause[],
  model: Pick<ClauseModel, 'models' | 'thresholds' | 'maxPerCall'>,
  odds: readonly ClauseOdds[] = clauses.map((c) => clauseOdds(c, model)),
): Record<ClauseKind, Clause[]> {
  const scored = clauses.map((c, i) => {
    const p = odds[i] ?? clauseOdds(c, model);
    const kind = kindOf(c, model, p);
    return { c, kind, p: p[kind], keep: p[kind] >= model.thresholds[kind] };
  });
  const out: Record<ClauseKind, Clause[]> = { objection: [], pain: [] };
  const seen: Record<ClauseKind, Set<string>[]> = { objection: [], pain: [] };
  for (const s of scored.filter((x) => x.keep).sort((a, b) => b.p - a.p)) {
    const ws = itemWords(s.c.text);
    const same = seen[s.kind].some((o) => {
      let hit = 0;
      for (const w of o) if (ws.has(w)) hit++;
      return o.size > 0 && hit / o.size >= 0.5;
    });
    if (same) continue;
    if (out[s.kind].length >= (model.maxPerCall?.[s.kind] ?? Number.POSITIVE_INFINITY)) continue;
    seen[s.kind].push(ws);
    out[s.kind].push(s.c);
  }
  for (const k of CLAUSE_KINDS)
    out[k].sort((a, b) => a.sentence.index - b.sentence.index || a.start - b.start);
  return out;
}
