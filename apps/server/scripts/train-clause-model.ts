/**
 * `npm run train:analysis -w @call-insights/server`: trains the clause classifier of the rules
 * analyzer on the development set (`devset/*.json`) only — never a holdout folder — and writes
 * `src/modules/analysis/engine/rules/clause-model.json`. Method and cross-validation:
 * `src/modules/analysis/engine/evaluation/train-clause-model.ts`. `--check` prints without writing.
 */
import { writeFileSync } from 'node:fs';
import { loadDevset } from '../src/modules/analysis/engine/evaluation/devset.js';
import {
  serializeClauseModel,
  trainClauseModel,
} from '../src/modules/analysis/engine/evaluation/train-clause-model.js';

const OUT = new URL('../src/modules/analysis/engine/rules/clause-model.json', import.meta.url);
const { model, lines } = trainClauseModel(loadDevset());
for (const line of lines) console.log(line);
if (process.argv.includes('--check')) console.log('--check: model not written');
else {
  writeFileSync(OUT, serializeClauseModel(model));
  console.log('wrote src/modules/analysis/engine/rules/clause-model.json');
}
