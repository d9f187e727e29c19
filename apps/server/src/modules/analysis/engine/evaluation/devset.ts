/**
 * The development set: labelled transcripts written for the purpose (apps/server/devset/*.json),
 * each `{ id, language, segments, labels: { result_class, objections, pain_points, pricing } }`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CallResultClass } from '@call-insights/contracts/analysis';
import { Segment } from '@call-insights/contracts/transcript';
import { z } from 'zod';

const Labels = z.object({
  result_class: CallResultClass,
  objections: z.array(z.string()),
  pain_points: z.array(z.string()),
  pricing: z.array(z.string()),
});

export const DevsetItem = z.object({
  id: z.string().min(1),
  language: z.enum(['en', 'fr']),
  segments: z.array(Segment).min(1),
  labels: Labels,
});
export type DevsetItem = z.infer<typeof DevsetItem>;

/** A second annotator's labels of a dev call (`devset/agreement/<file of the call>`). */
export const SecondOpinion = z.object({ id: z.string().min(1), labels: Labels });
export type SecondOpinion = z.infer<typeof SecondOpinion>;

/** The devset folder of the server package. */
export const DEVSET_DIR = new URL('../../../../../devset/', import.meta.url);

/** Second annotators' labels of some dev calls, written without seeing the first labels. */
export const AGREEMENT_DIR = new URL('agreement/', DEVSET_DIR);

function loadFolder<T>(dir: string | URL, schema: z.ZodType<T>): T[] {
  const path = typeof dir === 'string' ? dir : fileURLToPath(dir);
  return readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const parsed = schema.safeParse(JSON.parse(readFileSync(join(path, f), 'utf8')));
      if (!parsed.success) throw new Error(`devset/${f}: ${parsed.error.message}`);
      return parsed.data;
    });
}

/** Every `*.json` of the folder, validated, in file-name order. */
export function loadDevset(dir: string | URL = DEVSET_DIR): DevsetItem[] {
  return loadFolder(dir, DevsetItem);
}

/** The second opinions of `devset/agreement/`, validated, in file-name order. */
export function loadSecondOpinions(dir: string | URL = AGREEMENT_DIR): SecondOpinion[] {
  return loadFolder(dir, SecondOpinion);
}
