/**
 * Sentence-level signals of the rules analyzer: objections (one per family), pain points (one per
 * distinct clause), needs, buying signals (a count) and prices. The method, not a list of calls:
 *  - who speaks: objections, pain points and needs come from the prospect's statements only (the
 *    rep is found by `../speakers.ts`); when the call has a single speaker, that speaker counts;
 *  - sentence type: questions do not state facts ("Is it hard to set up?" is not a pain point);
 *  - negation: a phrase negated in the words before it does not count ("it's not too expensive");
 *  - hedging: a phrase after a hedge in the same sentence does not count ("I'm not saying it's too
 *    expensive", "even if it's expensive", "a lot of clients tell me it's too expensive");
 *  - a bare yes to a problem the rep suggests ("Do you lose leads?" / "Yeah.") is not counted: it
 *    is the rep's wording, not the prospect's account (question–answer pairing is used where the
 *    answer decides: proposals and the result class in `outcome.ts`, counts in prices);
 *  - anaphora: a short clause that points back ("which drives me nuts", "that's the real problem",
 *    "c'est pénible") stands for the clause before it, said by the same speaker;
 *  - clauses: each item is the clause around the phrase, in the speaker's words.
 */
import type { EngineLanguage } from '../language.js';
import type { Turn } from '../speakers.js';
import {
  clauseAround,
  isNegated,
  normalizeForMatch,
  splitSentences,
  tokens,
  type Clause,
  type PhraseHit,
} from '../text.js';
import {
  candidateClauses,
  kindOf,
  probability,
  pickClauses,
  type Clause as ModelClause,
  type ClauseKind,
  type ClauseModel,
} from './clause-model.js';
import { shownText, type FoundItem } from './clause-spans.js';
import { clauseModel } from './clause-model-data.js';
import {
  addPrice,
  answersHowMany,
  callCurrency,
  comparedWith,
  setsATime,
  type PriceSaid,
} from './call-prices.js';
import { hedgedBefore, type CompiledLexicon } from './compiled-lexicon.js';
import type { ObjectionFamily } from './lexicon.js';
import { callSpeaksOfMoney } from './price-context.js';
import { displayPrice, findPrices, pickReadings, speaksOfMoney, type Price } from './pricing.js';
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

/** Questions asked per speaker: the sentences each one says that are questions. */
export function questionsAsked(sentences: readonly CallSentence[]): Map<string, number> {
  const asked = new Map<string, number>();
  for (const s of sentences) if (s.question) asked.set(s.speaker, (asked.get(s.speaker) ?? 0) + 1);
  return asked;
}

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
  needs: string[];
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

/**
 * Whether a sentence is the prospect's: anyone but the rep, or the only speaker of the call — unless
 * the rep is leaving a message (`repMonologue`: a voicemail, alone or after a machine's greeting),
 * when nobody is.
 */
export function prospectOf(sentences: readonly CallSentence[], rep: string | null, repMonologue = false) {
  if (repMonologue) return () => false;
  const singleSpeaker = new Set(sentences.map((s) => s.speaker)).size <= 1;
  return (s: CallSentence) => fromProspect(s, rep, singleSpeaker);
}

type Span = { start: number; end: number };
const overlaps = (spans: readonly Span[], c: Span) => spans.some((t) => t.start < c.end && c.start < t.end);

const keyOf = (clause: string) => normalizeForMatch(clause).replace(/\s+/gu, ' ').trim();

/**
 * Where objections and pain points come from: the phrase lexicons, the clause classifier
 * (`clause-model.ts`), or both (the lexicon's items, then the classifier's that say something else).
 */
export type ClauseSource = 'lexicon' | 'model' | 'union';
export const DEFAULT_CLAUSE_SOURCE: ClauseSource = 'union';

export function extractSignals(
  sentences: readonly CallSentence[],
  isProspect: (s: CallSentence) => boolean,
  lex: CompiledLexicon,
  language: EngineLanguage,
  source: ClauseSource = DEFAULT_CLAUSE_SOURCE,
): Signals {
  const out: Signals = {
    needs: [],
    objections: [],
    objectionSentences: new Set(),
    painPoints: [],
    painSentences: new Set(),
    buyingSignals: 0,
    buyingSentences: new Set(),
    pricing: [],
    pricingSentences: new Set(),
  };
  const currency = callCurrency(sentences, language);
  const callMoney = callSpeaksOfMoney(sentences);
  /** Whether each sentence speaks of money, read once: the passage windows below overlap. */
  const money = sentences.map((s) => speaksOfMoney(s.text));
  const families = new Set<string>();
  const painKeys = new Set<string>();
  const prices: Price[] = [];
  /** The last price said with its unit or period (a bare amount compared with it shares them). */
  let detailed: PriceSaid | undefined;
  /** Where each objection and pain point was found (its text as found → sentence and span). */
  const where = new Map<string, { sentence: CallSentence; span: Span }>();

  const addObjection = (s: CallSentence, hit: PhraseHit<ObjectionFamily>, taken: Span[]): boolean => {
    if (families.has(hit.value.key)) return false;
    const clause = clauseAround(s.text, hit.start, hit.end);
    // One clause is one objection, even when it matches two families.
    if (overlaps(taken, clause)) return false;
    taken.push(clause);
    families.add(hit.value.key);
    const text = clause.text.replace(/\s*\?+$/u, '');
    out.objections.push(text);
    where.set(text, { sentence: s, span: clause });
    out.objectionSentences.add(s.index);
    return true;
  };
  const addPain = (s: CallSentence, hit: PhraseHit<true>, taken: Span[]): boolean => {
    const around = clauseAround(s.text, hit.start, hit.end);
    const clause = pointedBack(s, around, sentences);
    // Two markers in one clause ("it's frustrating, we lose leads") make one pain point.
    if (overlaps(taken, clause)) return false;
    taken.push(clause);
    const key = keyOf(clause.text);
    if (!key || painKeys.has(key)) return false;
    painKeys.add(key);
    const text = clause.text.replace(/\s*\?+$/u, '');
    out.painPoints.push(text);
    // A clause of the sentence before is shown as found (its span is not in this sentence).
    if (clause === around || clause.end <= around.start) where.set(text, { sentence: s, span: clause });
    out.painSentences.add(s.index);
    return true;
  };
  const counts = (s: CallSentence, hit: { start: number; end: number }) =>
    !isNegated(s.norm, hit.start, hit.end, language, s.text) && !isHedged(s, hit.start, lex);

  for (const s of sentences) {
    const prospect = isProspect(s);
    if (prospect && !s.question) {
      const objectionClauses: Span[] = [];
      for (const hit of lex.objections.findAll(s.norm))
        if (counts(s, hit)) addObjection(s, hit, objectionClauses);
      const taken: Span[] = [];
      for (const hit of lex.painPoints.findAll(s.norm)) if (counts(s, hit)) addPain(s, hit, taken);
      for (const hit of lex.needs.findAll(s.norm)) {
        if (!counts(s, hit)) continue;
        const clause = clauseAround(s.text, hit.start, hit.end);
        // "I need to talk to my partner" is an objection, not a need.
        if (overlaps(objectionClauses, clause)) continue;
        if (!out.needs.includes(clause.text)) out.needs.push(clause.text);
      }
    }
    if (prospect) {
      for (const hit of lex.buyingSignals.findAll(s.norm)) {
        if (isNegated(s.norm, hit.start, hit.end, language, s.text)) continue;
        out.buyingSignals++;
        out.buyingSentences.add(s.index);
      }
    }
    // Money talk in the passage around the sentence (three sentences before, one after), or a price
    // found just before, lets amounts without a currency count ("How much?" / "Twelve hundred a quarter.").
    const window = sentences.slice(Math.max(0, s.index - 3), s.index + 2);
    const moneyContext =
      window.some((w) => money[w.index]) ||
      window.some((w) => w.index < s.index && out.pricingSentences.has(w.index));
    const found = findPrices(s.text, language, {
      // A count asked for ("How many calls a week?" / "Fifteen a week.") is not a price.
      moneyContext,
      callMoney,
      counts: answersHowMany(s, sentences),
      defaultCurrency: currency,
      clockContext: setsATime(s, sentences, money[s.index] ?? false),
    });
    let from = 0;
    for (const said of found) {
      // Where the amount was said in the sentence (its spoken words, after the one before).
      const spokenAt = said.spoken ? s.text.indexOf(said.spoken, from) : -1;
      const position = spokenAt >= 0 ? spokenAt : from;
      const price = comparedWith(said, s, position, detailed, language);
      if (price.per !== null || price.period !== null) detailed = { price, sentence: s, at: position };
      from = position + (said.spoken?.length ?? 0);
      out.pricingSentences.add(s.index);
      addPrice(prices, price);
    }
  }
  out.pricing = pickReadings(prices).map((p) => displayPrice(p, language));
  if (source !== 'lexicon') {
    const model = clauseModel();
    const candidates = candidateClauses(sentences, isProspect, { language, lex, callMoney });
    const picked = pickClauses(candidates, model);
    if (source === 'model') {
      out.objections = [];
      out.objectionSentences.clear();
      out.painPoints = [];
      out.painSentences.clear();
    }
    // An item already said (as an objection, a pain point or a need) is not added again: "we need a
    // way to track drivers" is what the prospect wants, not a reason against buying.
    const add = (items: string[], at: Set<number>, found: readonly ModelClause[]) => {
      for (const c of found) {
        const said = (i: string) => sameItem(i, c.text);
        if (out.objections.some(said) || out.painPoints.some(said) || out.needs.some(said)) continue;
        items.push(c.text);
        where.set(c.text, { sentence: c.sentence, span: c });
        at.add(c.sentence.index);
      }
    };
    add(out.objections, out.objectionSentences, picked.objection);
    add(out.painPoints, out.painSentences, picked.pain);
    // A clause the lexicons took both as an objection and as a pain point is one item: it stays
    // where the classifier finds it more likely (an objection when it has no opinion).
    for (const o of [...out.objections]) {
      const p = out.painPoints.findIndex((i) => sameItem(i, o));
      if (p < 0) continue;
      const clause = candidates.find((c) => sameItem(c.text, o));
      if (clause && kindOf(clause, model) === 'pain') out.objections.splice(out.objections.indexOf(o), 1);
      else out.painPoints.splice(p, 1);
    }
    // A call rarely has more than a few distinct objections or pains (the dev labels: three or fewer
    // objections in 94% of calls, four or fewer pains in 98%): the caps cross-validation chose for the
    // classifier's items (`maxPerCall`) hold for the lexicon's too. Past a cap, the items the
    // classifier finds least likely go; an item with no candidate clause counts as even odds.
    out.objections = keepLikeliest(out.objections, 'objection', candidates, model);
    out.painPoints = keepLikeliest(out.painPoints, 'pain', candidates, model);
  }
  // Each item is shown with the neighbouring clauses of its thought, never taking in another item of
  // the same sentence (`shownText`).
  const items = new Map<string, FoundItem>();
  for (const text of [...out.objections, ...out.painPoints]) {
    const at = where.get(text);
    if (at) items.set(text, { sentence: at.sentence, start: at.span.start, end: at.span.end, text });
  }
  const all = [...items.values()];
  const show = (text: string) => {
    const item = items.get(text);
    return item ? shownText(item, all) : text;
  };
  out.objections = out.objections.map(show);
  out.painPoints = out.painPoints.map(show);
  return out;
}

/** `items` of `kind` within the model's cap per call, the likeliest kept, in their order. */
function keepLikeliest(
  items: string[],
  kind: ClauseKind,
  candidates: readonly ModelClause[],
  model: ClauseModel,
): string[] {
  const cap = model.maxPerCall?.[kind] ?? Number.POSITIVE_INFINITY;
  if (items.length <= cap) return items;
  const scored = items.map((text, i) => {
    const clause = candidates.find((c) => sameItem(c.text, text));
    return { i, p: clause ? probability(model.models[kind], clause.features) : 0.5 };
  });
  const keep = new Set(
    [...scored]
      .sort((a, b) => b.p - a.p || a.i - b.i)
      .slice(0, cap)
      .map((x) => x.i),
  );
  return items.filter((_, i) => keep.has(i));
}

/** Two items say the same thing when half the content words of either are in the other. */
function sameItem(a: string, b: string): boolean {
  const wa = new Set(tokens(normalizeForMatch(a)).filter((w) => w.length > 3));
  const wb = new Set(tokens(normalizeForMatch(b)).filter((w) => w.length > 3));
  let hit = 0;
  for (const w of wa) if (wb.has(w)) hit++;
  return hit > 0 && (hit / wa.size >= 0.5 || hit / wb.size >= 0.5);
}

const ANAPHOR = /^(?:which|that|this|it|and that|c'est|ca|cela|ce qui)(?![\p{L}])/iu;

/**
 * The clause a short pointing-back clause stands for: the clause before it in the sentence, else the
 * previous sentence of the same turn; the clause itself when it says enough or nothing comes before.
 */
function pointedBack(s: CallSentence, clause: Clause, sentences: readonly CallSentence[]): Clause {
  const words = clause.text.split(/\s+/u).filter(Boolean);
  if (words.length > 6 || !ANAPHOR.test(normalizeForMatch(clause.text).trim())) return clause;
  if (clause.start > 1) {
    const before = clauseAround(s.text, Math.max(0, clause.start - 3), Math.max(1, clause.start - 2));
    if (before.text && before.end <= clause.start) return before;
  }
  const prev = sentences[s.index - 1];
  if (prev && prev.turnIndex === s.turnIndex && !prev.question) {
    const t = clauseAround(prev.text, 0, prev.text.length);
    return { ...t, start: clause.start, end: clause.end };
  }
  return clause;
}

/** Whether a hedge ("I'm not saying", "even if") before `start` in the same sentence governs it. */
function isHedged(s: CallSentence, start: number, lex: CompiledLexicon): boolean {
  return hedgedBefore(lex, s.norm, start);
}

/**
 * Whether the prospect answers the question `q` with a yes: the next sentence, said by someone
 * other than the rep in the turn right after, opens with an affirmation ("Yeah, all the time").
 */
export function affirmedByProspect(
  q: CallSentence,
  sentences: readonly CallSentence[],
  rep: string | null,
  lex: CompiledLexicon,
): boolean {
  const next = sentences[q.index + 1];
  if (!next || next.turnIndex !== q.turnIndex + 1 || next.speaker === rep) return false;
  return lex.affirmation.test(next.norm);
}
