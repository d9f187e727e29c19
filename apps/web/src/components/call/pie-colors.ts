import type { PieSliceKey } from './pie-data';

/** Mid-tone fills that read on white and on the dark background alike. */
export const pieSliceColors: Record<PieSliceKey, { fill: string; swatch: string }> = {
  questions: { fill: '#6366f1', swatch: 'bg-[#6366f1]' },
  objections: { fill: '#f43f5e', swatch: 'bg-[#f43f5e]' },
  painPoints: { fill: '#f59e0b', swatch: 'bg-[#f59e0b]' },
  pricing: { fill: '#10b981', swatch: 'bg-[#10b981]' },
};

export const PIE_SIZE = 208;
