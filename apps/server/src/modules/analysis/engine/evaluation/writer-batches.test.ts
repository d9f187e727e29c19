import { describe, expect, it } from 'vitest';
import { loadDevset } from './devset.js';
import { writerBatch } from './writers.js';

describe('writer batches of the dev set (leave one writer out, ADR 042)', () => {
  it('puts each id in the batch of its writer, by the ranges of the devset README', () => {
    expect(writerBatch('en-07-voicemail')).toBe(0);
    expect(writerBatch('fr-10-boulangerie-caisse')).toBe(1);
    expect(writerBatch('en-187-windshield-repair-dealership-asr')).toBe(6);
    expect(writerBatch('fr-129-contrat-entretien-tracteurs-bretagne-asr')).toBe(8);
    expect(writerBatch('en-533-anything')).toBe(18);
    expect(writerBatch('fr-169-anything')).toBe(12);
    expect(writerBatch('en-722-anything')).toBe(25);
    expect(writerBatch('en-999-unknown')).toBeNull();
    // en-292…317 were never written: no batch claims them.
    expect(writerBatch('en-300-unused')).toBeNull();
    expect(writerBatch('h3-01-anything')).toBeNull();
  });

  it('knows the writer of every dev call (a new batch must be added to the list)', () => {
    const unknown = loadDevset()
      .map((c) => c.id)
      .filter((id) => writerBatch(id) === null);
    expect(unknown).toEqual([]);
  });
});
