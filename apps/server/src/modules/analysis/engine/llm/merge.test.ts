import { describe, expect, it } from 'vitest';
import type { CallAnalysisChunk } from './analyze-call/schema.js';
import { canonicalPrice, mergeChunks } from './merge.js';

const chunk = (over: Partial<CallAnalysisChunk>): CallAnalysisChunk => ({
  call_results: '',
  call_summary: '',
  questions: [],
  objections: [],
  pain_points: [],
  pricing_discussed: [],
  result_class: 'other',
  lead_score: 50,
  lead_score_reasons: [],
  ...over,
});

describe('merging chunk answers', () => {
  it('lets the last real outcome win, keeps an earlier appointment, ignores "other" parts', () => {
    const cls = (...c: CallAnalysisChunk['result_class'][]) =>
      mergeChunks(
        c.map((result_class) => chunk({ result_class })),
        'en',
      ).result_class;
    expect(cls('not_interested', 'follow_up')).toBe('follow_up');
    expect(cls('follow_up', 'not_interested')).toBe('not_interested');
    expect(cls('appointment', 'not_interested')).toBe('appointment');
    expect(cls('follow_up', 'other')).toBe('follow_up');
    expect(cls('other', 'other')).toBe('other');
  });

  it('takes results and score from the deciding part, dedupes lists, joins summaries', () => {
    const m = mergeChunks(
      [
        chunk({
          call_summary: 'First.',
          result_class: 'follow_up',
          call_results: 'Call back.',
          lead_score: 45,
          objections: ['Too expensive'],
          questions: [{ question: 'Budget?', asked_by: 'A', answer: 'Tight.' }],
        }),
        chunk({
          call_summary: 'Second.',
          result_class: 'other',
          lead_score: 10,
          objections: ['too expensive!', 'Timing'],
          questions: [{ question: 'Budget?', asked_by: 'A', answer: 'Tight.' }],
        }),
      ],
      'en',
    );
    expect(m).toMatchObject({
      call_summary: 'First. Second.',
      call_results: 'Call back.',
      lead_score: 45,
      objections: ['Too expensive', 'Timing'],
      questions: ['Budget?'],
      answers: ['Tight.'],
      question_speakers: ['A'],
    });
  });

  it('rewrites parseable prices canonically and keeps the rest', () => {
    expect(canonicalPrice('$49/user/mo', 'en')).toBe('$49 per user per month');
    expect(canonicalPrice('1200 euros par an', 'fr')).toBe('1 200 € par an');
    expect(canonicalPrice('about fifty dollars', 'en')).toBe('about fifty dollars');
  });
});
