/** The four slices of the "Call Analysis" chart, counted from the analysis. */
import type { Analysis } from '@call-insights/contracts/analysis';

export type PieSliceKey = 'questions' | 'objections' | 'painPoints' | 'pricing';
export type PieSlice = { key: PieSliceKey; count: number };

export const PIE_SLICE_KEYS: readonly PieSliceKey[] = ['questions', 'objections', 'painPoints', 'pricing'];

type Counted = Pick<Analysis, 'questions' | 'objections' | 'pain_points' | 'pricing_discussed'>;

/** Always four slices in a fixed order; all zero without an analysis. */
export function pieSlices(analysis: Counted | null | undefined): PieSlice[] {
  const counts: Record<PieSliceKey, number> = {
    questions: analysis?.questions.length ?? 0,
    objections: analysis?.objections.length ?? 0,
    painPoints: analysis?.pain_points.length ?? 0,
    pricing: analysis?.pricing_discussed.length ?? 0,
  };
  return PIE_SLICE_KEYS.map((key) => ({ key, count: counts[key] }));
}

export function isPieEmpty(slices: readonly PieSlice[]): boolean {
  return slices.every((slice) => slice.count === 0);
}
