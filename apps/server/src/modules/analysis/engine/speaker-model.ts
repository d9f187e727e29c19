/**
 * Who is the rep, learned: a scorer over what each speaker says, trained on the development set.
 *
 * Why: the rules of `speakers.ts` read introductions, greetings and questions. They fail where both
 * sides sound alike at the start: a business answers "Northline Floors, this is Cody" and the caller
 * introduces herself with her own company, or the buyer asks most of the questions. Then the
 * prospect's objections and pains are read as the rep's and lost, and the call's ending is read
 * from the wrong side (ADR 053: 55 of 1,312 dev calls). Over a whole call, the two sides speak
 * differently: the seller speaks of "our" service, of prices per month and of what he can do "today";
 * the buyer of what he had, what went wrong "last year", and "but". A bag of words over each
 * speaker's turns tells them apart where the opening does not.
 *
 * Method:
 *  - Features of a speaker (`speakerFeatures`): the cues of the rules (`SpeakerCues`: an
 *    introduction with a company, answering for a business, calling in, "our" offer, questions,
 *    picking up), who spoke first, which speaker the rules pick, the speaker's share of the words,
 *    the light-stemmed words of all his turns, and the words of his first turn when it opens the
 *    call or answers the opening.
 *  - Model: a conditional logit over the speakers of a call (the rep is the speaker with the highest
 *    sum of weights), L2-regularised, trained by deterministic full passes of Adagrad
 *    (`trainSpeakerWeights`).
 *  - Targets (`evaluation/train-speaker-model.ts`): the dev labels name objections and pain points,
 *    which are the prospect's words; in a call of two voices where the labelled items are said by
 *    one of them (three to one at least), the other is the rep. No other label is read.
 *  - Used by `detectRepSpeaker` when the call has two voices or more and no speaker label names a
 *    role, and each voice says at least `MIN_WORDS_EACH` words: below that, a bag of words has
 *    nothing to go on and the rules decide alone.
 */
import { words } from './rules/clause-spans.js';
import { adagradStep, featureIds, namedWeights } from './sparse-learning.js';
import type { SpeakerCues, Turn } from './speakers.js';
import { countWords } from './text.js';

/** Which features a model was trained with; a model of another version is not used. */
export const SPEAKER_FEATURE_VERSION = 1;

export type SpeakerModel = {
  version: number;
  weights: Record<string, number>;
  /** How it was trained, for the reader (set, sizes, leave-one-writer-out accuracy). */
  trainedOn: string;
};

/** Below this many words from a voice, the rules alone pick the rep. */
export const MIN_WORDS_EACH = 25;

/** Index of the first cut `n` is under, or the number of cuts. */
function bucket(n: number, cuts: readonly number[]): number {
  const i = cuts.findIndex((c) => n < c);
  return i < 0 ? cuts.length : i;
}

/** Each speaker's features, in the order of `order` (see the module comment). */
export function speakerFeatures(
  turns: readonly Turn[],
  order: readonly string[],
  cues: ReadonlyMap<string, SpeakerCues>,
  rulesPick: string | null,
): string[][] {
  // Each turn's words once: a speaker's words, and those of his first turn, come from them.
  const wordsOf = turns.map((t) => words(t.text));
  const counts = turns.map((t) => countWords(t.text));
  const total = Math.max(
    1,
    counts.reduce((a, n) => a + n, 0),
  );
  return order.map((sp) => {
    const f = new Set<string>();
    const c = cues.get(sp);
    if (c) {
      if (c.introduced) f.add('h:introduced');
      if (c.answers) f.add('h:answers');
      if (c.callsIn) f.add('h:calls-in');
      if (c.picksUp) f.add('h:picks-up');
      f.add(`h:offers:${Math.min(3, c.offers)}`);
      f.add(`h:questions:${bucket(c.questions, [1, 3, 6, 10])}`);
    }
    if (order[0] === sp) f.add('h:first');
    if (rulesPick === sp) f.add('h:rules');
    const mine = turns.flatMap((t, i) => (t.speaker === sp ? [i] : []));
    const said = mine.reduce((a, i) => a + (counts[i] ?? 0), 0);
    f.add(`h:share:${bucket(said / total, [0.3, 0.4, 0.5, 0.6, 0.7])}`);
    for (const i of mine) for (const w of wordsOf[i] ?? []) f.add(`w:${w}`);
    const opening = mine[0] ?? -1;
    if (opening >= 0 && opening < 2) for (const w of wordsOf[opening] ?? []) f.add(`t:${w}`);
    return [...f];
  });
}

/** Whether each voice says enough for the model to judge (`MIN_WORDS_EACH`). */
export function enoughToJudge(turns: readonly Turn[], order: readonly string[]): boolean {
  const n = new Map<string, number>();
  for (const t of turns) n.set(t.speaker, (n.get(t.speaker) ?? 0) + countWords(t.text));
  return order.length >= 2 && order.every((sp) => (n.get(sp) ?? 0) >= MIN_WORDS_EACH);
}

/** The index of the likeliest rep among the speakers' feature sets (the first on a tie). */
export function likeliestRep(model: Pick<SpeakerModel, 'weights'>, features: readonly string[][]): number {
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  features.forEach((fs, i) => {
    let z = 0;
    for (const f of fs) z += model.weights[f] ?? 0;
    if (z > bestScore) {
      best = i;
      bestScore = z;
    }
  });
  return best;
}

/**
 * Trains the conditional logit: full-batch gradient descent with Adagrad and L2, a fixed number of
 * passes, examples in the given order (same data, same weights). Each example is a call: the feature
 * sets of its speakers and the index of the rep.
 */
export function trainSpeakerWeights(
  examples: readonly { features: readonly (readonly string[])[]; rep: number }[],
  opts: { epochs?: number; rate?: number; l2?: number } = {},
): Record<string, number> {
  const epochs = opts.epochs ?? 200;
  const rate = opts.rate ?? 0.3;
  const l2 = opts.l2 ?? 1e-3;
  const index = new Map<string, number>();
  const rows = examples.map((e) => ({ speakers: e.features.map((fs) => featureIds(index, fs)), rep: e.rep }));
  const weights = new Float64Array(index.size);
  const grad = new Float64Array(index.size);
  const g2 = new Float64Array(index.size).fill(1e-8);
  const norm = rows.length || 1;
  for (let epoch = 0; epoch < epochs; epoch++) {
    grad.fill(0);
    for (const row of rows) {
      const z = row.speakers.map((fs) => fs.reduce((s, f) => s + (weights[f] ?? 0), 0));
      const top = Math.max(...z);
      const ex = z.map((v) => Math.exp(v - top));
      const sum = ex.reduce((a, b) => a + b, 0);
      row.speakers.forEach((fs, i) => {
        const err = (ex[i] ?? 0) / sum - (i === row.rep ? 1 : 0);
        for (const f of fs) grad[f] = (grad[f] ?? 0) + err;
      });
    }
    adagradStep(weights, grad, g2, { norm, rate, l2 });
  }
  return namedWeights(index, weights);
}
