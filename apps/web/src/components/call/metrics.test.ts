import { describe, expect, it } from 'vitest';
import { speakerShares, wholePercents } from './metrics';
import { describeSpeakers } from './speakers';

const speaker = (name: string, ratio: number) => ({
  speaker: name,
  talk_seconds: ratio * 100,
  talk_ratio: ratio,
  longest_monologue_seconds: 10,
  question_count: 1,
  words_per_minute: 150,
});

describe('speakerShares', () => {
  it('puts the rep first and normalises the shares to 100', () => {
    const infos = describeSpeakers(['Speaker 1', 'Speaker 2'], 'Speaker 2');
    const shares = speakerShares({ speakers: [speaker('Speaker 1', 0.3), speaker('Speaker 2', 0.6)] }, infos);
    expect(shares.map((share) => share.speaker)).toEqual(['Speaker 2', 'Speaker 1']);
    expect(shares[0]?.percent).toBeCloseTo(66.67, 1);
    expect(shares[1]?.percent).toBeCloseTo(33.33, 1);
    expect(shares[0]?.info?.role).toBe('rep');
  });

  it('gives zero shares when nobody spoke', () => {
    const shares = speakerShares({ speakers: [speaker('A', 0)] }, describeSpeakers(['A'], null));
    expect(shares[0]?.percent).toBe(0);
  });
});

describe('wholePercents', () => {
  it('rounds shares so they add up to 100', () => {
    expect(wholePercents([67.6, 32.4])).toEqual([68, 32]);
    expect(wholePercents([67.5, 32.5])).toEqual([68, 32]);
    expect(wholePercents([33.33, 33.33, 33.34])).toEqual([33, 33, 34]);
    expect(wholePercents([0, 0])).toEqual([0, 0]);
  });
});
