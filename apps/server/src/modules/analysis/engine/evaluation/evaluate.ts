/**
 * Scores an analyzer on the development set: result-class accuracy with a confusion table, and
 * precision / recall / F1 (micro-averaged: counts summed over transcripts) of objections, pain
 * points and pricing, per language and overall. Matching rules: `matching.ts`.
 */
import type { Analysis, CallResultClass } from '@call-insights/contracts/analysis';
import type { DevsetItem, SecondOpinion } from './devset.js';
import { matchPhrases, matchPrices, sumCounts, type MatchCounts } from './matching.js';

export const CLASSES: readonly CallResultClass[] = ['appointment', 'follow_up', 'not_interested', 'other'];
export const CATEGORIES = ['objections', 'pain_points', 'pricing'] as const;
export type Category = (typeof CATEGORIES)[number];

export type ItemResult = {
  id: string;
  language: string;
  expected: CallResultClass;
  predicted: CallResultClass;
  counts: Record<Category, MatchCounts>;
  fallbackReason?: string;
};

/** The fields of an analysis the evaluation scores. */
export type Scored = Pick<
  Analysis,
  'result_class' | 'objections' | 'pain_points' | 'pricing_discussed' | 'fallback_reason'
>;

export function scoreItem(item: DevsetItem, analysis: Scored): ItemResult {
  return {
    id: item.id,
    language: item.language,
    expected: item.labels.result_class,
    predicted: analysis.result_class,
    counts: {
      objections: matchPhrases(analysis.objections, item.labels.objections),
      pain_points: matchPhrases(analysis.pain_points, item.labels.pain_points),
      pricing: matchPrices(analysis.pricing_discussed, item.labels.pricing, item.language),
    },
    fallbackReason: analysis.fallback_reason,
  };
}

export type Prf = { precision: number; recall: number; f1: number } & MatchCounts;

export function prf(counts: readonly MatchCounts[]): Prf {
  const sum = sumCounts(counts);
  // With nothing predicted (or nothing to find), the score is perfect only if the other side is empty too.
  const precision = sum.predicted ? sum.matched / sum.predicted : sum.labelled ? 0 : 1;
  const recall = sum.labelled ? sum.matched / sum.labelled : sum.predicted ? 0 : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { ...sum, precision, recall, f1 };
}

export type Summary = {
  scope: string;
  transcripts: number;
  accuracy: number;
  categories: Record<Category, Prf>;
};

export function summarize(scope: string, results: readonly ItemResult[]): Summary {
  const correct = results.filter((r) => r.expected === r.predicted).length;
  return {
    scope,
    transcripts: results.length,
    accuracy: results.length ? correct / results.length : 0,
    categories: {
      objections: prf(results.map((r) => r.counts.objections)),
      pain_points: prf(results.map((r) => r.counts.pain_points)),
      pricing: prf(results.map((r) => r.counts.pricing)),
    },
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);

/** A plain-text report: per-scope table, confusion table, misclassified transcripts. */
export function formatReport(analyzerName: string, results: readonly ItemResult[]): string {
  const scopes = [
    summarize('overall', results),
    ...[...new Set(results.map((r) => r.language))].sort().map((l) =>
      summarize(
        l,
        results.filter((r) => r.language === l),
      ),
    ),
  ];
  const lines: string[] = [];
  lines.push(`Analyzer: ${analyzerName}   transcripts: ${results.length}`);
  const fallbacks = results.filter((r) => r.fallbackReason);
  if (fallbacks.length)
    lines.push(`Fell back to rules on ${fallbacks.length}: ${fallbacks[0]?.fallbackReason ?? ''}`);
  lines.push('');
  lines.push(
    `${'scope'.padEnd(9)} ${'n'.padStart(3)} ${'class acc'.padStart(9)}  ${CATEGORIES.map((c) => `${c} P / R / F1`.padStart(31)).join('')}`,
  );
  for (const s of scopes) {
    const cats = CATEGORIES.map((c) => {
      const m = s.categories[c];
      return `${pct(m.precision)} ${pct(m.recall)} ${pct(m.f1)}  (${m.matched}/${m.predicted}/${m.labelled})`.padStart(
        31,
      );
    }).join('');
    lines.push(
      `${s.scope.padEnd(9)} ${String(s.transcripts).padStart(3)} ${pct(s.accuracy).padStart(9)}  ${cats}`,
    );
  }
  lines.push('  (matched / predicted / labelled)');
  lines.push('');
  lines.push('Confusion (rows: expected, columns: predicted)');
  lines.push(`${''.padEnd(15)}${CLASSES.map((c) => c.padStart(15)).join('')}`);
  for (const e of CLASSES) {
    lines.push(
      `${e.padEnd(15)}${CLASSES.map((p) => String(results.filter((r) => r.expected === e && r.predicted === p).length).padStart(15)).join('')}`,
    );
  }
  const wrong = results.filter((r) => r.expected !== r.predicted);
  if (wrong.length) {
    lines.push('');
    lines.push('Misclassified:');
    for (const r of wrong) lines.push(`  ${r.id}: expected ${r.expected}, got ${r.predicted}`);
  }
  return lines.join('\n');
}

const f1 = (x: number) => (x * 100).toFixed(1).padStart(6);

/**
 * Sets side by side (dev, holdout-v2, seen), each overall and per language: transcripts, class
 * accuracy and F1 of objections, pain points and pricing (with matched/predicted/labelled counts).
 */
export function formatComparison(
  analyzerName: string,
  sets: readonly { name: string; results: readonly ItemResult[] }[],
): string {
  const lines = [
    `Analyzer: ${analyzerName} — F1 in %, (matched/predicted/labelled)`,
    `${'set'.padEnd(11)}${'scope'.padEnd(8)}${'n'.padStart(4)}${'class acc'.padStart(11)}${CATEGORIES.map((c) => `${c} F1`.padStart(24)).join('')}`,
  ];
  for (const set of sets) {
    const languages = [...new Set(set.results.map((r) => r.language))].sort();
    for (const scope of ['overall', ...languages]) {
      const rs = scope === 'overall' ? set.results : set.results.filter((r) => r.language === scope);
      const s = summarize(scope, rs);
      const cats = CATEGORIES.map((c) => {
        const m = s.categories[c];
        return `${f1(m.f1)} (${m.matched}/${m.predicted}/${m.labelled})`.padStart(24);
      }).join('');
      lines.push(
        `${set.name.padEnd(11)}${scope.padEnd(8)}${String(s.transcripts).padStart(4)}${f1(s.accuracy).padStart(11)}${cats}`,
      );
    }
  }
  return lines.join('\n');
}

/**
 * How far two careful humans agree: each second opinion of `devset/agreement/` scored against the
 * dev call's own labels with the same matcher, as if it were an analyzer's answer. The figure an
 * analyzer can hope to reach on calls labelled by someone else.
 */
export function agreementResults(
  dev: readonly DevsetItem[],
  opinions: readonly SecondOpinion[],
): ItemResult[] {
  const byId = new Map(dev.map((d) => [d.id, d]));
  return opinions.map((o) => {
    const item = byId.get(o.id);
    if (!item) throw new Error(`devset/agreement: no dev call ${o.id}`);
    const { result_class, objections, pain_points, pricing } = o.labels;
    return scoreItem(item, { result_class, objections, pain_points, pricing_discussed: pricing });
  });
}
