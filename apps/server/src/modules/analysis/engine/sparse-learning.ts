/**
 * The parts shared by the analyzer's two learned models (`rules/clause-model.ts`,
 * `speaker-model.ts`), both trained by deterministic full passes of gradient descent with Adagrad
 * and L2 over sparse binary features: feature names as indices into typed arrays (the same sums in
 * the same order as by name, several times faster), the update of all weights after a pass, the
 * weights written back by name as the committed files keep them, and the features kept for training.
 */

/** The ids of `features` in `index`, adding the names it does not have yet. */
export function featureIds(index: Map<string, number>, features: readonly string[]): Int32Array {
  return Int32Array.from(features, (f) => {
    let i = index.get(f);
    if (i === undefined) index.set(f, (i = index.size));
    return i;
  });
}

/**
 * One Adagrad step over all weights from the summed gradient of a pass (`grad`, divided by `norm`),
 * with L2; `g2` holds each weight's squared gradients so far. Adagrad keeps rare features learning
 * without a schedule to tune.
 */
export function adagradStep(
  weights: Float64Array,
  grad: Float64Array,
  g2: Float64Array,
  opts: { norm: number; rate: number; l2: number },
): void {
  for (let f = 0; f < weights.length; f++) {
    const w = weights[f] ?? 0;
    const g = (grad[f] ?? 0) / opts.norm + opts.l2 * w;
    const acc = (g2[f] ?? 0) + g * g;
    g2[f] = acc;
    weights[f] = w - (opts.rate * g) / Math.sqrt(acc);
  }
}

/** The weights by name, in name order, rounded to 1e-4, those under 1e-3 left out (stable files). */
export function namedWeights(
  index: ReadonlyMap<string, number>,
  weights: Float64Array,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [f, i] of [...index].sort((a, b) => a[0].localeCompare(b[0]))) {
    const w = weights[i] ?? 0;
    if (Math.abs(w) >= 1e-3) out[f] = Math.round(w * 1e4) / 1e4;
  }
  return out;
}

/**
 * Whether a feature is seen in at least `min` of the calls (each call's features as one list): a
 * feature of one call only is that call's words, not something to learn.
 */
export function seenInCalls(calls: Iterable<readonly string[]>, min: number): (feature: string) => boolean {
  const df = new Map<string, number>();
  for (const features of calls) for (const f of new Set(features)) df.set(f, (df.get(f) ?? 0) + 1);
  return (f) => (df.get(f) ?? 0) >= min;
}
