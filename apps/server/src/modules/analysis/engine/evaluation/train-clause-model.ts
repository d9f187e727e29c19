/**
 * Training of the clause classifier (`../rules/clause-model.ts`) on labelled calls, for
 * `scripts/train-clause-model.ts` and the test that checks the committed model is reproducible.
 *
 *   1. Every candidate clause of every call gets a target per kind: 1 when it covers a labelled
 *      objection (or pain point) the way the evaluation matches them (`matching.ts`).
 *   2. Features seen in fewer than two of the training calls are left out (one call's words).
 *   3. Five folds over calls (call i goes to fold i mod 5): train on four, score the fifth; the
 *      pair of decision thresholds (objection, pain) is the one that maximises the mean F1 of the
 *      held-out folds, matched like the evaluation does on the text the analyzer shows (each clause
 *      widened to its neighbours, `shownTexts`); then the cap on items per call (likeliest
 *      first, at most three) the same way, the smallest within 0.005 of the best, then the
 *      thresholds again under that cap.
 *   4. The final model is trained on all the calls with those thresholds.
 *
 * Only the development set is given to it: the holdout folders are never read for training.
 */
import type { AnalyzeInput } from '../analyzer.js';
import {
  CLAUSE_KINDS,
  FEATURE_VERSION,
  candidateClauses,
  clauseOdds,
  pickClauses,
  trainLogistic,
  type Clause,
  type ClauseKind,
  type ClauseOdds,
  type ClauseModel,
  type LogisticModel,
} from '../rules/clause-model.js';
import { shownTexts } from '../rules/clause-spans.js';
import { prepareCall } from '../rules/rules-analyzer.js';
import { callSpeaksOfMoney } from '../rules/price-context.js';
import type { DevsetItem } from './devset.js';
import { coverage, matchPhrases, sumCounts, type MatchCounts } from './matching.js';
import { WRITER_BATCHES, writerBatch, writerName } from './writers.js';
import { seenInCalls } from '../sparse-learning.js';

const FOLDS = 5;
const MIN_CALLS = 2;
const GRID = Array.from({ length: 17 }, (_, i) => Math.round((0.1 + i * 0.05) * 100) / 100);
/**
 * Caps on items per call tried by the cross-validation. A call shows at most three objections and
 * three pain points (ADR 046: a longer list is more than a reader takes in); cross-validation
 * chooses within that (with 1,032 calls it would otherwise pick four pain points, ADR 051).
 */
const CAPS = [2, 3];
/** Mean F1 within which a smaller cap is preferred to the best one (see `trainClauseModel`). */
const CAP_TOLERANCE = 0.005;
const LABELS: Record<ClauseKind, 'objections' | 'pain_points'> = {
  objection: 'objections',
  pain: 'pain_points',
};

type Call = { item: DevsetItem; clauses: Clause[]; targets: Record<ClauseKind, (0 | 1)[]> };

const inputOf = (item: DevsetItem): AnalyzeInput => ({
  segments: item.segments,
  text: item.segments.map((s) => s.text).join(' '),
  language: item.language,
});

function readCall(item: DevsetItem): Call {
  const { language, lex, sentences, isProspect } = prepareCall(inputOf(item));
  const clauses = candidateClauses(sentences, isProspect, {
    language,
    lex,
    callMoney: callSpeaksOfMoney(sentences),
  });
  const target = (kind: ClauseKind) =>
    clauses.map((c) => (item.labels[LABELS[kind]].some((l) => coverage(c.text, l) >= 0.5) ? 1 : 0) as 0 | 1);
  return { item, clauses, targets: { objection: target('objection'), pain: target('pain') } };
}

type TrainOptions = Parameters<typeof trainLogistic>[1];

function train(calls: readonly Call[], kind: ClauseKind, opts?: TrainOptions): LogisticModel {
  const keep = seenInCalls(
    calls.map((c) => c.clauses.flatMap((cl) => cl.features)),
    MIN_CALLS,
  );
  return trainLogistic(
    calls.flatMap((c) =>
      c.clauses.map((cl, i) => ({ features: cl.features.filter(keep), y: c.targets[kind][i] ?? 0 })),
    ),
    opts,
  );
}

/** Each call's clause odds under a pair of models, worked out once (see `score`). */
const oddsCache = new WeakMap<ClauseModel['models'], WeakMap<Call, ClauseOdds[]>>();
/** Each call's match counts for a set of picked clauses, worked out once (see `score`). */
const countsCache = new WeakMap<Call, Map<string, Record<ClauseKind, MatchCounts>>>();

/**
 * The evaluation's counts for the items `modelFor` picks in each call. The threshold and cap searches
 * score the same calls under the same models hundreds of times: the odds of a clause depend on the
 * models only, and the counts on which clauses were picked only, so both are kept.
 */
function score(calls: readonly Call[], modelFor: (c: Call) => ClauseModel): Record<ClauseKind, MatchCounts> {
  const per: Record<ClauseKind, MatchCounts[]> = { objection: [], pain: [] };
  for (const call of calls) {
    const model = modelFor(call);
    let byCall = oddsCache.get(model.models);
    if (!byCall) oddsCache.set(model.models, (byCall = new WeakMap()));
    let odds = byCall.get(call);
    if (!odds) byCall.set(call, (odds = call.clauses.map((c) => clauseOdds(c, model))));
    const picked = pickClauses(call.clauses, model, odds);
    const key = CLAUSE_KINDS.map((k) => picked[k].map((c) => call.clauses.indexOf(c)).join(',')).join('|');
    let known = countsCache.get(call);
    if (!known) countsCache.set(call, (known = new Map()));
    let counts = known.get(key);
    if (!counts) {
      const all = [...picked.objection, ...picked.pain];
      const match = (kind: ClauseKind) =>
        matchPhrases(shownTexts(picked[kind], all), call.item.labels[LABELS[kind]]);
      counts = { objection: match('objection'), pain: match('pain') };
      known.set(key, counts);
    }
    for (const kind of CLAUSE_KINDS) per[kind].push(counts[kind]);
  }
  return { objection: sumCounts(per.objection), pain: sumCounts(per.pain) };
}

const f1 = (s: MatchCounts) => (s.matched ? (2 * s.matched) / (s.predicted + s.labelled) : 0);
const describe = (s: MatchCounts) =>
  `P ${(s.matched / (s.predicted || 1)).toFixed(2)} R ${(s.matched / (s.labelled || 1)).toFixed(2)} ` +
  `F1 ${f1(s).toFixed(3)} (${s.matched}/${s.predicted}/${s.labelled})`;

export type TrainingReport = { model: ClauseModel; lines: string[] };

/** Trains the model on `items` (the development set) as the module comment says. */
export function trainClauseModel(items: readonly DevsetItem[], opts?: TrainOptions): TrainingReport {
  const calls = items.map(readCall);
  const lines = [
    `calls: ${calls.length}, candidate clauses: ${calls.reduce((a, c) => a + c.clauses.length, 0)}, ` +
      CLAUSE_KINDS.map(
        (k) => `${k} clauses: ${calls.reduce((a, c) => a + c.targets[k].filter(Boolean).length, 0)}`,
      ).join(', '),
  ];
  const foldOf = new Map(calls.map((c, i) => [c, i % FOLDS]));
  const foldModels = Array.from({ length: FOLDS }, (_, f) => {
    const rest = calls.filter((c) => foldOf.get(c) !== f);
    return { objection: train(rest, 'objection', opts), pain: train(rest, 'pain', opts) };
  });
  const modelsOf = (c: Call) => {
    const m = foldModels[foldOf.get(c) ?? 0];
    if (!m) throw new Error('a fold has no model');
    return m;
  };
  const meanF1 = (thresholds: Record<ClauseKind, number>, maxPerCall: Record<ClauseKind, number>) => {
    const s = score(calls, (c) => ({
      version: FEATURE_VERSION,
      models: modelsOf(c),
      thresholds,
      maxPerCall,
      trainedOn: '',
    }));
    return { s, f: (f1(s.objection) + f1(s.pain)) / 2 };
  };
  // Both thresholds at once (the kinds compete for a clause), the pair with the best mean F1.
  const bestThresholds = (maxPerCall: Record<ClauseKind, number>) => {
    let best = { objection: 0.5, pain: 0.5, f: -1 };
    for (const o of GRID)
      for (const p of GRID) {
        const { f } = meanF1({ objection: o, pain: p }, maxPerCall);
        if (f > best.f) best = { objection: o, pain: p, f };
      }
    return { objection: best.objection, pain: best.pain };
  };
  const noCap = { objection: 99, pain: 99 };
  let thresholds: Record<ClauseKind, number> = bestThresholds(noCap);
  // A call rarely has more than a few distinct objections or pains: among the caps whose F1 is
  // within CAP_TOLERANCE of the best (the noise of five folds), the smallest is kept.
  const tried = CAPS.flatMap((o) =>
    CAPS.map((p) => {
      const cap = { objection: o, pain: p };
      return { cap, f: meanF1(thresholds, cap).f };
    }),
  );
  const top = Math.max(...tried.map((t) => t.f));
  const [chosen] = tried
    .filter((t) => t.f >= top - CAP_TOLERANCE)
    .sort((a, b) => a.cap.objection + a.cap.pain - (b.cap.objection + b.cap.pain) || b.f - a.f);
  const maxPerCall: Record<ClauseKind, number> = chosen?.cap ?? noCap;
  thresholds = bestThresholds(maxPerCall);
  const both = meanF1(thresholds, maxPerCall).s;
  const cv: Record<ClauseKind, string> = { objection: describe(both.objection), pain: describe(both.pain) };
  for (const kind of CLAUSE_KINDS)
    lines.push(
      `cross-validated ${kind}: threshold ${thresholds[kind]}, at most ${maxPerCall[kind]} per call → ${cv[kind]}`,
    );
  const model: ClauseModel = {
    version: FEATURE_VERSION,
    thresholds,
    maxPerCall,
    trainedOn:
      `devset/*.json (${calls.length} calls) only, by scripts/train-clause-model.ts; thresholds by ${FOLDS}-fold ` +
      `cross-validation over calls: objections ${cv.objection}; pain points ${cv.pain}`,
    models: { objection: train(calls, 'objection', opts), pain: train(calls, 'pain', opts) },
  };
  return { model, lines };
}

/** The model as written to `clause-model.json` (stable formatting, so a retrain diffs cleanly). */
export function serializeClauseModel(model: ClauseModel): string {
  return `${JSON.stringify(model, null, 1)}\n`;
}

/**
 * Leave one writer out: for each writer batch, a model trained on the other writers' calls picks the
 * items of that writer's calls, with the given thresholds and caps (the committed model's), scored
 * on the text the analyzer shows. Prints one line per writer and the total.
 */
export function leaveOneWriterOut(
  items: readonly DevsetItem[],
  model: Pick<ClauseModel, 'thresholds' | 'maxPerCall'>,
  opts?: TrainOptions,
): string[] {
  const calls = items.map(readCall);
  const batchOf = new Map(calls.map((c) => [c, writerBatch(c.item.id)]));
  const lines: string[] = [];
  const scored: Record<ClauseKind, MatchCounts>[] = [];
  WRITER_BATCHES.forEach((writer, b) => {
    const held = calls.filter((c) => batchOf.get(c) === b);
    if (!held.length) return;
    const rest = calls.filter((c) => batchOf.get(c) !== b);
    const models = { objection: train(rest, 'objection', opts), pain: train(rest, 'pain', opts) };
    // Only the thresholds and caps are taken from `model`: its weights saw every writer.
    const s = score(held, () => ({
      version: FEATURE_VERSION,
      models,
      trainedOn: '',
      thresholds: model.thresholds,
      ...(model.maxPerCall && { maxPerCall: model.maxPerCall }),
    }));
    scored.push(s);
    lines.push(
      `${writerName(writer)}, ${held.length} calls: objections ${describe(s.objection)}; pain ${describe(s.pain)}`,
    );
  });
  const total = {
    objection: sumCounts(scored.map((x) => x.objection)),
    pain: sumCounts(scored.map((x) => x.pain)),
  };
  lines.push(
    `all writers: objections ${describe(total.objection)}; pain ${describe(total.pain)}; ` +
      `mean F1 ${((f1(total.objection) + f1(total.pain)) / 2).toFixed(3)}`,
  );
  return lines;
}
