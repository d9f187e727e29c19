import type { Segment } from '@call-insights/contracts/transcript';
import { describe, expect, it } from 'vitest';
import { computeMetrics } from './metrics.js';

/*
 * Hand-worked call, 60 s, rep "A", customer "B":
 *   #  speaker  start–end  text                                                         words
 *   1  A         0–10      "Hi, this is Sam from Acme. How are you today?"                10
 *   2  B        11–15      "Good thanks."                                                  2
 *   3  A        16–20      "What do you use for payroll?"                                  6
 *   4  A        20–30      "We help small teams run payroll in minutes."                   8
 *   5  B        32–44      "We use spreadsheets, it takes hours every week and I hate it." 12
 *   6  A        43–50      "Would a demo help?"  (starts 1 s before B stops)                4
 *   7  B        52–60      "Sure, Tuesday works."                                          3
 * Talk: A = 10+4+10+7 = 31 s, B = 4+12+8 = 24 s, total 55 s → ratios 31/55 = 0.5636, 24/55 = 0.4364.
 * Turns (3+4 merge): A[0–10] B[11–15] A[16–30] B[32–44] A[43–50] B[52–60]
 *   → longest monologue A = 14 s (16→30), B = 12 s; 5 switches in 1 min → 5 per minute.
 * Pauses before the rep answers: 16 − 15 = 1 s; 43 − 44 = −1 → clamped to 0 → mean 0.5 s.
 * Questions: A asks 3 ("How are you today?", "What do you use for payroll?", "Would a demo help?"), B 0.
 * Words per minute: A 28 words / (31/60) min = 54.19; B 17 / (24/60) = 42.5.
 */
const seg = (speaker: string, start: number, end: number, text: string): Segment => ({
  speaker,
  start,
  end,
  text,
});
const CALL: Segment[] = [
  seg('A', 0, 10, 'Hi, this is Sam from Acme. How are you today?'),
  seg('B', 11, 15, 'Good thanks.'),
  seg('A', 16, 20, 'What do you use for payroll?'),
  seg('A', 20, 30, 'We help small teams run payroll in minutes.'),
  seg('B', 32, 44, 'We use spreadsheets, it takes hours every week and I hate it.'),
  seg('A', 43, 50, 'Would a demo help?'),
  seg('B', 52, 60, 'Sure, Tuesday works.'),
];

describe('computeMetrics', () => {
  it('computes the hand-worked figures of a two-speaker call', () => {
    const m = computeMetrics(CALL);
    expect(m.rep_speaker).toBe('A');
    expect(m.total_duration).toBe(60);
    expect(m.interactivity).toBeCloseTo(5, 3);
    expect(m.patience_seconds).toBeCloseTo(0.5, 3);
    const [a, b] = m.speakers;
    expect(a).toMatchObject({
      speaker: 'A',
      talk_seconds: 31,
      longest_monologue_seconds: 14,
      question_count: 3,
    });
    expect(b).toMatchObject({
      speaker: 'B',
      talk_seconds: 24,
      longest_monologue_seconds: 12,
      question_count: 0,
    });
    expect(a?.talk_ratio).toBeCloseTo(31 / 55, 3);
    expect(b?.talk_ratio).toBeCloseTo(24 / 55, 3);
    expect(a?.words_per_minute).toBeCloseTo(28 / (31 / 60), 2);
    expect(b?.words_per_minute).toBeCloseTo(42.5, 3);
  });

  it('measures patience for the rep it is given', () => {
    // B as the rep: B answers A at 11 − 10 = 1, 32 − 30 = 2, 52 − 50 = 2 → mean 5/3.
    const m = computeMetrics(CALL, 'B');
    expect(m.rep_speaker).toBe('B');
    expect(m.patience_seconds).toBeCloseTo(5 / 3, 3);
  });

  it('does not depend on the order of the segments', () => {
    expect(computeMetrics([...CALL].reverse())).toEqual(computeMetrics(CALL));
  });

  it('gives zeros for an empty call and for a monologue', () => {
    expect(computeMetrics([])).toEqual({
      speakers: [],
      rep_speaker: null,
      total_duration: 0,
      interactivity: 0,
      patience_seconds: 0,
    });
    const solo = computeMetrics([
      seg('A', 5, 35, 'Hello? Anyone there?'),
      seg('A', 40, 50, 'I will call back.'),
    ]);
    expect(solo.total_duration).toBe(45);
    expect(solo.interactivity).toBe(0);
    expect(solo.patience_seconds).toBe(0);
    expect(solo.speakers[0]).toMatchObject({
      talk_ratio: 1,
      talk_seconds: 40,
      longest_monologue_seconds: 45,
    });
  });

  it('ignores segments without text and clamps negative durations', () => {
    const m = computeMetrics([
      seg('A', 0, 10, 'Hello there.'),
      seg('B', 10, 12, '  '),
      seg('B', 12, 11, 'Hi.'),
    ]);
    expect(m.speakers.map((s) => [s.speaker, s.talk_seconds])).toEqual([
      ['A', 10],
      ['B', 0],
    ]);
    expect(m.speakers[0]?.talk_ratio).toBe(1);
  });
});
