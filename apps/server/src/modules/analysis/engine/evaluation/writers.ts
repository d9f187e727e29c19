/**
 * The writers of the development set, by id range (`devset/README.md`, "Provenance"), for the
 * leave-one-writer-out checks of the clause model (ADR 042) and of the speaker scorer (ADR 053).
 */
/**
 * Who wrote each dev call, by the id ranges of `devset/README.md` ("Provenance"): the engineers
 * (en-01…18, fr-01…09), then one annotator per batch. Leaving one writer out at a time is the honest
 * check of "calls written by someone else" (ADR 042).
 */
export const WRITER_BATCHES: readonly { who: string; en: [number, number]; fr: [number, number] }[] = [
  { who: 'engineers', en: [1, 18], fr: [1, 9] },
  { who: 'annotator, 2026-11-22', en: [19, 58], fr: [10, 26] },
  { who: 'annotator, 2026-11-23', en: [59, 84], fr: [27, 40] },
  { who: 'annotator, 2026-11-23', en: [85, 124], fr: [41, 60] },
  { who: 'annotator, 2026-11-27', en: [125, 156], fr: [61, 76] },
  { who: 'annotator, 2026-11-27', en: [157, 182], fr: [77, 90] },
  { who: 'annotator, 2026-11-27', en: [183, 209], fr: [91, 103] },
  { who: 'annotator, 2026-11-27', en: [210, 236], fr: [104, 116] },
  { who: 'annotator, 2026-11-27', en: [237, 263], fr: [117, 129] },
  { who: 'annotator, 2026-11-27', en: [264, 277], fr: [130, 135] },
  { who: 'annotator, 2026-11-27', en: [278, 291], fr: [136, 141] },
  { who: 'annotator, 2026-11-27', en: [318, 344], fr: [156, 168] },
  { who: 'annotator A, 2026-11-28', en: [345, 371], fr: [169, 181] },
  { who: 'annotator B, 2026-11-28', en: [372, 398], fr: [182, 194] },
  { who: 'annotator C, 2026-11-28', en: [399, 425], fr: [195, 207] },
  { who: 'annotator D, 2026-11-28', en: [426, 452], fr: [208, 220] },
  { who: 'annotator E, 2026-11-28', en: [453, 479], fr: [221, 233] },
  { who: 'annotator F, 2026-11-28', en: [480, 506], fr: [234, 246] },
  { who: 'annotator G, 2026-11-28', en: [507, 533], fr: [247, 259] },
  { who: 'annotator H, 2026-11-28', en: [534, 560], fr: [260, 272] },
  { who: 'annotator I, 2026-11-28', en: [561, 587], fr: [273, 285] },
  { who: 'annotator J, 2026-11-28', en: [588, 614], fr: [286, 298] },
  { who: 'annotator K, 2026-11-28', en: [615, 641], fr: [299, 311] },
  { who: 'annotator L, 2026-11-28', en: [642, 668], fr: [312, 324] },
  { who: 'annotator M, 2026-11-28', en: [669, 695], fr: [325, 337] },
  { who: 'annotator N, 2026-11-28', en: [696, 722], fr: [338, 350] },
  { who: 'annotator O, 2026-11-28', en: [723, 749], fr: [351, 363] },
  { who: 'annotator P, 2026-11-28', en: [750, 776], fr: [364, 376] },
  { who: 'annotator Q, 2026-11-28', en: [777, 803], fr: [377, 389] },
  { who: 'annotator R, 2026-11-28', en: [804, 830], fr: [390, 402] },
  { who: 'annotator S, 2026-11-28', en: [831, 857], fr: [403, 415] },
  { who: 'annotator T, 2026-11-28', en: [858, 884], fr: [416, 428] },
  { who: 'annotator U, 2026-11-28', en: [885, 911], fr: [429, 441] },
  { who: 'annotator V, 2026-11-29', en: [912, 938], fr: [442, 454] },
];

/** "annotator, 2026-11-27 (en-264…277, fr-130…135)", ids written as in the devset ("en-01"). */
export const writerName = (w: (typeof WRITER_BATCHES)[number]) => {
  const id = (n: number) => String(n).padStart(2, '0');
  return `${w.who} (en-${id(w.en[0])}…${id(w.en[1])}, fr-${id(w.fr[0])}…${id(w.fr[1])})`;
};

/** The writer batch of a dev call id ("en-187-…" → 6), or null for an id outside the known ranges. */
export function writerBatch(id: string): number | null {
  const m = /^(en|fr)-(\d+)-/u.exec(id);
  if (!m) return null;
  const n = Number(m[2]);
  // Both ends: an id in a gap between batches (en-292…317 are unused) has no writer.
  const i = WRITER_BATCHES.findIndex((b) => {
    const [from, to] = m[1] === 'en' ? b.en : b.fr;
    return n >= from && n <= to;
  });
  return i < 0 ? null : i;
}
