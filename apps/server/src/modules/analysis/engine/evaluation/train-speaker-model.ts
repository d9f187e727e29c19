/**
 * Training of the speaker scorer (`../speaker-model.ts`) on labelled calls, for
 * `scripts/train-speaker-model.ts` and the test that checks the committed model is reproducible.
 *
 *   1. Targets: a dev call's labels name objections and pain points, the prospect's words. Each label
 *      is placed in the sentence that covers it best, the way the evaluation matches (`matching.ts`).
 *      In a call of two voices, each saying enough for the model (`enoughToJudge`), where one voice
 *      holds at least three times as many labelled items as the other and at least one, the other
 *      voice is the rep. Calls without such a majority teach nothing and are left out.
 *   2. Features seen in fewer than two of the training calls are left out (one call's words).
 *   3. Leave one writer out (`--writers`): each writer's calls scored by a model trained on the others',
 *      against the rules of `speakers.ts` alone on the same calls.
 *
 * Only the development set is given to it: the holdout folders are never read for training.
 */
import { callSentences, questionsAsked } from '../rules/signals.js';
import { compiledLexicon } from '../rules/compiled-lexicon.js';
import { resolveLanguage } from '../language.js';
import {
  SPEAKER_FEATURE_VERSION,
  enoughToJudge,
  likeliestRep,
  speakerFeatures,
  trainSpeakerWeights,
  type SpeakerModel,
} from '../speaker-model.js';
import { repByRules, speakerCues, speakerOrder, toTurns } from '../speakers.js';
import type { DevsetItem } from './devset.js';
import { coverage } from './matching.js';
import { WRITER_BATCHES, writerBatch, writerName } from './writers.js';
import { seenInCalls } from '../sparse-learning.js';

/** Labelled items one voice must hold for every one of the other's, for the call to be a target. */
const MAJORITY = 3;
const MIN_CALLS = 2;

export type SpeakerExample = {
  id: string;
  features: string[][];
  /** Index of the rep in `features`. */
  rep: number;
  /** Index of the rules' pick (steps 2–4 of `speakers.ts`), -1 when they pick none. */
  rules: number;
};

/** A dev call as a training example, or null when its labels do not say who the prospect is. */
export function speakerExample(item: DevsetItem): SpeakerExample | null {
  const order = speakerOrder(item.segments);
  const turns = toTurns(item.segments);
  if (order.length !== 2 || !enoughToJudge(turns, order)) return null;
  const text = item.segments.map((s) => s.text).join(' ');
  const lex = compiledLexicon(resolveLanguage(item.language, text));
  const sentences = callSentences(turns, lex);
  const held = new Map<string, number>();
  for (const label of [...item.labels.objections, ...item.labels.pain_points]) {
    let best = 0;
    let who = '';
    for (const s of sentences) {
      const c = coverage(s.text, label);
      if (c > best) {
        best = c;
        who = s.speaker;
      }
    }
    if (best >= 0.5) held.set(who, (held.get(who) ?? 0) + 1);
  }
  const counts = order.map((sp) => held.get(sp) ?? 0);
  const [a = 0, b = 0] = counts;
  if (Math.max(a, b) === 0 || Math.min(a, b) * MAJORITY > Math.max(a, b)) return null;
  const asked = questionsAsked(sentences);
  const cues = speakerCues(item.segments, order, asked, turns);
  const rulesPick = repByRules(item.segments, order, asked, cues);
  return {
    id: item.id,
    features: speakerFeatures(turns, order, cues, rulesPick),
    rep: a > b ? 1 : 0,
    rules: rulesPick === null ? -1 : order.indexOf(rulesPick),
  };
}

function train(examples: readonly SpeakerExample[]): Record<string, number> {
  const keep = seenInCalls(
    examples.map((e) => e.features.flat()),
    MIN_CALLS,
  );
  return trainSpeakerWeights(
    examples.map((e) => ({ features: e.features.map((fs) => fs.filter(keep)), rep: e.rep })),
  );
}

export type SpeakerTraining = { model: SpeakerModel; lines: string[] };

/** Trains the scorer on `items` (the development set), as the module comment says. */
export function trainSpeakerModel(items: readonly DevsetItem[]): SpeakerTraining {
  const examples = items.flatMap((item) => speakerExample(item) ?? []);
  const weights = train(examples);
  const right = examples.filter((e) => likeliestRep({ weights }, e.features) === e.rep).length;
  const byRules = examples.filter((e) => e.rules === e.rep).length;
  const summary =
    `${examples.length} of ${items.length} calls have targets; on them the rules pick the rep right in ` +
    `${byRules}, the model trained on all of them in ${right}`;
  return {
    model: {
      version: SPEAKER_FEATURE_VERSION,
      trainedOn: `devset/*.json only, by scripts/train-speaker-model.ts: ${summary}`,
      weights,
    },
    lines: [summary],
  };
}

/** Leave one writer out: each writer's calls judged by a model trained on the other writers'. */
export function speakerLeaveOneWriterOut(items: readonly DevsetItem[]): string[] {
  const examples = items.flatMap((item) => speakerExample(item) ?? []);
  const lines: string[] = [];
  let right = 0;
  let byRules = 0;
  const wrong: string[] = [];
  WRITER_BATCHES.forEach((writer, b) => {
    const held = examples.filter((e) => writerBatch(e.id) === b);
    if (!held.length) return;
    const weights = train(examples.filter((e) => writerBatch(e.id) !== b));
    const ok = held.filter((e) => likeliestRep({ weights }, e.features) === e.rep);
    const rules = held.filter((e) => e.rules === e.rep).length;
    right += ok.length;
    byRules += rules;
    wrong.push(...held.filter((e) => !ok.includes(e)).map((e) => e.id));
    lines.push(`${writerName(writer)}, ${held.length} calls: model ${ok.length}, rules ${rules}`);
  });
  lines.push(
    `all writers, ${examples.length} calls: model right in ${right} (${((100 * right) / examples.length).toFixed(1)}%), ` +
      `rules alone in ${byRules} (${((100 * byRules) / examples.length).toFixed(1)}%)`,
  );
  if (wrong.length) lines.push(`model wrong: ${wrong.join(', ')}`);
  return lines;
}

/** The model as written to `speaker-model.json` (stable formatting, so a retrain diffs cleanly). */
export function serializeSpeakerModel(model: SpeakerModel): string {
  return `${JSON.stringify(model, null, 1)}\n`;
}
