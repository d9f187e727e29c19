/**
 * Step 2 of `npm run train:analysis -w @call-insights/server` (`train-analysis.ts`), after the
 * speaker scorer: trains the clause classifier of the rules analyzer on the development set
 * (`devset/*.json`) only — never a holdout folder — and writes
 * `src/modules/analysis/engine/rules/clause-model.json`. Method and cross-validation:
 * `src/modules/analysis/engine/evaluation/train-clause-model.ts`. `--check` prints without writing;
 * `--writers` prints the leave-one-writer-out check of ADR 042 (each writer's calls scored by a model
 * trained on the others', with the committed thresholds and caps) and writes nothing.
 */
import { writeFileSync } from 'node:fs';
import { loadDevset } from '../src/modules/analysis/engine/evaluation/devset.js';
import {
  leaveOneWriterOut,
  serializeClauseModel,
  trainClauseModel,
} from '../src/modules/analysis/engine/evaluation/train-clause-model.js';
import { clauseModel } from '../src/modules/analysis/engine/rules/clause-model-data.js';

const OUT = new URL('../src/modules/analysis/engine/rules/clause-model.json', import.meta.url);
if (process.argv.includes('--writers')) {
  // Leave one writer out (ADR 042), with the committed model's thresholds and caps; writes nothing.
  for (const line of leaveOneWriterOut(loadDevset(), clauseModel())) console.log(line);
  process.exit(0);
}
const { model, lines } = trainClauseModel(loadDevset());
for (const line of lines) console.log(line);
if (process.argv.includes('--check')) console.log('--check: model not written');
else {
  writeFileSync(OUT, serializeClauseModel(model));
  console.log('wrote src/modules/analysis/engine/rules/clause-model.json');
}
