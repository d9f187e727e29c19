/**
 * `npm run eval:analysis`: runs the configured analyzer (ANALYZER=rules|llm and LLM_* variables,
 * default rules) over the labelled calls of `apps/server/devset` and prints, side by side and per
 * language, result-class accuracy and F1 of objections, pain points and pricing for seven labelled
 * sets, and the agreement of two annotators:
 *
 *   - dev        `devset/*.json` — the development set. The rules analyzer is tuned on it: its
 *                per-call results may be read (`--verbose`), its misclassified calls are listed.
 *   - holdout-v6 `devset/holdout-v6/` — written on 2026-11-29 (session 19) by an annotator who read
 *                no analyzer code, no other dev call than three examples and no holdout; never read
 *                nor used for any choice: only its aggregate scores are printed.
 *   - holdout-v5 `devset/holdout-v5/` — written on 2026-11-28 (session 16) by an annotator who read
 *                no analyzer code, no other dev call than three examples and no holdout; never read
 *                nor used for any choice: only its aggregate scores are printed.
 *   - holdout-v4 `devset/holdout-v4/` — written by another independent annotator (2026-11-23,
 *                session 5) who read no analyzer code and no other holdout; never read nor used for
 *                any choice: only its aggregate scores are printed.
 *   - holdout-v3 `devset/holdout-v3/` — written by an independent annotator (2026-11-23) who read
 *                no analyzer code and no other holdout; never read nor used for any choice: only its
 *                aggregate scores are printed, the honest estimate on calls nobody here wrote.
 *   - holdout-v2 `devset/holdout-v2/` — written by an independent annotator before any tuning for
 *                issue 11 and never read while tuning: only its aggregate scores are printed. They
 *                chose once among three fixed configurations (ADR 034), so it is a validation set.
 *   - seen       `devset/holdout/` — the first holdout; phrases were added after reading its
 *                results, so it is no longer held out and is labelled "seen".
 *
 *   - agreement  `devset/agreement/` — a second annotator's labels of 39 dev calls, written on
 *                2026-11-27 from the labelling guide without seeing the first labels nor the
 *                analyzer: scored against the dev labels with the same matcher, they show how far two
 *                careful humans agree (the ceiling an analyzer can hope for). No analyzer runs on it.
 *
 * `--set dev` (repeatable: `--set dev --set seen`) limits the run to some sets; while tuning, run
 * `--set dev` only. `--verbose` prints each dev call's predictions next to its labels (never the
 * holdout's).
 */
import { llmConfigFrom } from '../src/adapters/llm/config.js';
import { loadConfig } from '../src/config.js';
import { createAnalyzer } from '../src/modules/analysis/engine/create-analyzer.js';
import {
  DEVSET_DIR,
  loadDevset,
  loadSecondOpinions,
  type DevsetItem,
} from '../src/modules/analysis/engine/evaluation/devset.js';
import {
  agreementResults,
  formatComparison,
  formatReport,
  scoreItem,
  type ItemResult,
} from '../src/modules/analysis/engine/evaluation/evaluate.js';

const SETS = [
  { name: 'dev', dir: DEVSET_DIR, perCall: true },
  { name: 'holdout-v6', dir: new URL('holdout-v6/', DEVSET_DIR), perCall: false },
  { name: 'holdout-v5', dir: new URL('holdout-v5/', DEVSET_DIR), perCall: false },
  { name: 'holdout-v4', dir: new URL('holdout-v4/', DEVSET_DIR), perCall: false },
  { name: 'holdout-v3', dir: new URL('holdout-v3/', DEVSET_DIR), perCall: false },
  { name: 'holdout-v2', dir: new URL('holdout-v2/', DEVSET_DIR), perCall: false },
  { name: 'seen', dir: new URL('holdout/', DEVSET_DIR), perCall: false },
] as const;

const argv = process.argv.slice(2);
const verbose = argv.includes('--verbose');
const chosen = argv.flatMap((a, i) => (a === '--set' && argv[i + 1] ? [argv[i + 1]] : []));
const AGREEMENT = 'agreement';
const unknown = chosen.filter((c) => c !== AGREEMENT && !SETS.some((s) => s.name === c));
if (unknown.length) {
  const names = [...SETS.map((s) => s.name), AGREEMENT].join(', ');
  console.error(`Unknown set ${unknown.join(', ')}: choose among ${names}`);
  process.exit(2);
}
const env = loadConfig(process.env);
const config = { analyzer: env.ANALYZER, llm: llmConfigFrom(env) };
const analyzer = createAnalyzer(config);
const name =
  config.analyzer === 'llm' ? `llm (${config.llm.provider}, ${config.llm.model ?? 'no model'})` : 'rules';

async function run(items: readonly DevsetItem[], printCalls: boolean): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  for (const item of items) {
    const analysis = await analyzer.analyze({
      segments: item.segments,
      text: item.segments.map((s) => s.text).join(' '),
      language: item.language,
    });
    results.push(scoreItem(item, analysis));
    if (printCalls) {
      console.log(`\n== ${item.id} [${item.labels.result_class} → ${analysis.result_class}]`);
      console.log(`  objections  label: ${JSON.stringify(item.labels.objections)}`);
      console.log(`              pred : ${JSON.stringify(analysis.objections)}`);
      console.log(`  pain points label: ${JSON.stringify(item.labels.pain_points)}`);
      console.log(`              pred : ${JSON.stringify(analysis.pain_points)}`);
      console.log(`  pricing     label: ${JSON.stringify(item.labels.pricing)}`);
      console.log(`              pred : ${JSON.stringify(analysis.pricing_discussed)}`);
    }
  }
  return results;
}

const bySet: { name: string; results: ItemResult[] }[] = [];
for (const set of SETS) {
  if (chosen.length && !chosen.includes(set.name)) continue;
  const results = await run(loadDevset(set.dir), verbose && set.perCall);
  bySet.push({ name: set.name, results });
  // Per-call details (confusion, misclassified ids) for the dev set only.
  if (set.perCall) console.log(`\n[dev] ${formatReport(name, results)}`);
}
if (!chosen.length || chosen.includes(AGREEMENT)) {
  bySet.push({ name: 'agreement', results: agreementResults(loadDevset(), loadSecondOpinions()) });
}
console.log(`\n${formatComparison(name, bySet)}`);
if (bySet.some((s) => s.name === AGREEMENT)) {
  console.log(
    '\nagreement: a second annotator’s labels of 39 dev calls scored against the dev labels (no analyzer):' +
      ' how far two careful humans agree.',
  );
}
