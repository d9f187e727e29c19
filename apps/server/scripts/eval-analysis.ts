/**
 * `npm run eval:analysis`: runs the configured analyzer (ANALYZER=rules|llm and LLM_* variables,
 * default rules) over the development set and prints result-class accuracy with a confusion table,
 * and precision / recall / F1 of objections, pain points and pricing, per language and overall.
 * `--verbose` also prints each transcript's predictions next to its labels; `--holdout` scores the
 * held-out transcripts of devset/holdout instead (written after the lexicons were frozen, never used
 * to tune them).
 */
import { analyzerConfigFromEnv } from '../src/modules/analysis/engine/config.js';
import { createAnalyzer } from '../src/modules/analysis/engine/create-analyzer.js';
import { DEVSET_DIR, loadDevset } from '../src/modules/analysis/engine/evaluation/devset.js';
import {
  formatReport,
  scoreItem,
  type ItemResult,
} from '../src/modules/analysis/engine/evaluation/evaluate.js';

const verbose = process.argv.includes('--verbose');
const config = analyzerConfigFromEnv(process.env);
const analyzer = createAnalyzer(config);
const items = loadDevset(process.argv.includes('--holdout') ? new URL('holdout/', DEVSET_DIR) : DEVSET_DIR);

const results: ItemResult[] = [];
for (const item of items) {
  const analysis = await analyzer.analyze({
    segments: item.segments,
    text: item.segments.map((s) => s.text).join(' '),
    language: item.language,
  });
  results.push(scoreItem(item, analysis));
  if (verbose) {
    console.log(`\n== ${item.id} [${item.labels.result_class} → ${analysis.result_class}]`);
    console.log(`  objections  label: ${JSON.stringify(item.labels.objections)}`);
    console.log(`              pred : ${JSON.stringify(analysis.objections)}`);
    console.log(`  pain points label: ${JSON.stringify(item.labels.pain_points)}`);
    console.log(`              pred : ${JSON.stringify(analysis.pain_points)}`);
    console.log(`  pricing     label: ${JSON.stringify(item.labels.pricing)}`);
    console.log(`              pred : ${JSON.stringify(analysis.pricing_discussed)}`);
  }
}
const name =
  config.analyzer === 'llm' ? `llm (${config.llm.provider}, ${config.llm.model ?? 'no model'})` : 'rules';
console.log(`\n${formatReport(name, results)}`);
