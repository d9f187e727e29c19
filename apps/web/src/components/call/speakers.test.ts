import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { describeSpeakers, speakerName } from './speakers';

describe('describeSpeakers', () => {
  it('puts a known rep first, on the right, and the others as customers', () => {
    expect(describeSpeakers(['Speaker 1', 'Speaker 2'], 'Speaker 2')).toEqual([
      { speaker: 'Speaker 2', role: 'rep', tone: 0, side: 'end' },
      { speaker: 'Speaker 1', role: 'customer', tone: 1, side: 'start' },
    ]);
  });

  it('keeps the order without a known rep', () => {
    expect(describeSpeakers(['A', 'B', 'C'], null)).toEqual([
      { speaker: 'A', role: 'unknown', tone: 0, side: 'start' },
      { speaker: 'B', role: 'unknown', tone: 1, side: 'end' },
      { speaker: 'C', role: 'unknown', tone: 2, side: 'end' },
    ]);
    expect(describeSpeakers(['A'], 'Z')[0]?.role).toBe('unknown');
  });
});

describe('speakerName', () => {
  it('names the transcriber’s numbered speakers in the reader’s language, other labels as written', async () => {
    await i18n.loadNamespaces('analysis');
    const [rep, customer] = describeSpeakers(['Speaker 1', 'Speaker 2'], 'Speaker 1');
    await i18n.changeLanguage('fr');
    try {
      const t = i18n.getFixedT('fr');
      expect(speakerName(t, 'Speaker 1', rep)).toBe('Intervenant 1 (Commercial)');
      expect(speakerName(t, 'Speaker 2', customer)).toBe('Intervenant 2 (Client)');
      expect(speakerName(t, 'Marie Dubois')).toBe('Marie Dubois');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(speakerName(i18n.getFixedT('en'), 'Speaker 2', customer)).toBe('Speaker 2 (Customer)');
  });
});
