import { describe, expect, it } from 'vitest';
import { parseFeedback, parseFeedbackLine } from './feedback-lines';

describe('parseFeedbackLine', () => {
  it('splits a leading label ending in a colon', () => {
    expect(parseFeedbackLine('Connecting questions: you asked two good ones.')).toEqual({
      label: 'Connecting questions',
      text: 'you asked two good ones.',
    });
    // French writes a space before the colon: kept, so the label reads "Questions de connexion :".
    expect(parseFeedbackLine('Questions de connexion : bien.')).toEqual({
      label: 'Questions de connexion',
      text: 'bien.',
      spaced: true,
    });
    expect(parseFeedbackLine('Bilan\u202f: solide.')).toEqual({
      label: 'Bilan',
      text: 'solide.',
      spaced: true,
    });
    expect(parseFeedbackLine('Next step:')).toEqual({ label: 'Next step', text: '' });
  });

  it('keeps lines without a short label as plain text', () => {
    expect(parseFeedbackLine('Overall a solid call.')).toEqual({
      label: null,
      text: 'Overall a solid call.',
    });
    const long = `${'x'.repeat(61)}: text`;
    expect(parseFeedbackLine(long)).toEqual({ label: null, text: long });
    expect(parseFeedbackLine('See https://example.com')).toEqual({
      label: null,
      text: 'See https://example.com',
    });
  });

  it('drops a leading bullet', () => {
    expect(parseFeedbackLine('- Pricing: clear')).toEqual({ label: 'Pricing', text: 'clear' });
  });
});

describe('parseFeedback', () => {
  it('returns the non-blank lines in order', () => {
    expect(parseFeedback('A: one\r\n\n  \nplain\nB: two')).toEqual([
      { label: 'A', text: 'one' },
      { label: null, text: 'plain' },
      { label: 'B', text: 'two' },
    ]);
    expect(parseFeedback(null)).toEqual([]);
    expect(parseFeedback('')).toEqual([]);
  });
});
