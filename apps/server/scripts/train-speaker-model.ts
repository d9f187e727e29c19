/**
 * Step 1 of `npm run train:analysis -w @call-insights/server` (`train-analysis.ts`): trains the
 * speaker scorer that tells the rep from the prospect (`src/modules/analysis/engine/speaker-model.ts`) on the
 * development set (`devset/*.json`) only — never a holdout folder — and writes
 * `src/modules/analysis/engine/speaker-model.json`. Method and targets:
 * `src/modules/analysis/engine/evaluation/train-speaker-model.ts`. `--check` prints without writing;
 * `--writers` prints the leave-one-writer-out check (each writer's calls judged by a model trained on
 * the others') and writes nothing.
 */
import { writeFileSync } from 'node:fs';
import { loadDevset } from '../src/modules/analysis/engine/evaluation/devset.js';
import {
  serializeSpeakerModel,
  speakerLeaveOneWriterOut,
  trainSpeakerModel,
} from '../src/modules/analysis/engine/evaluation/train-speaker-model.js';

const OUT = new URL('../src/modules/analysis/engine/speaker-model.json', import.meta.url);
if (process.argv.includes('--writers')) {
  for (const line of speakerLeaveOneWriterOut(loadDevset())) console.log(line);
  process.exit(0);
}
const { model, lines } = trainSpeakerModel(loadDevset());
for (const line of lines) console.log(line);
if (process.argv.includes('--check')) console.log('--check: model not written');
else {
  writeFileSync(OUT, serializeSpeakerModel(model));
  console.log('wrote src/modules/analysis/engine/speaker-model.json');
}
