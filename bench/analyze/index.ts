/**
 * bench/analyze: throughput of the offline rules analyzer on the development set
 * (apps/server/devset), in transcripts per second and milliseconds per transcript, with the
 * conversation metrics alongside. Baselines measured in the same run over the same transcripts:
 * lower-casing and tokenizing the text, and a naive regex pass (question marks, currency amounts and
 * a dozen keywords). Goal (issue 11): at least 200 transcripts/s for the rules analyzer on one core
 * (Node runs it on one thread). Warm-up first, then BENCH_ROUNDS rounds (default 7) of BENCH_PASSES passes over
 * the whole set (default 40); the table shows the median round. No thresholds: figures only.
 */
import type { AnalyzeInput } from '../../apps/server/src/modules/analysis/engine/analyzer.js';
import { loadDevset } from '../../apps/server/src/modules/analysis/engine/evaluation/devset.js';
import { computeMetrics } from '../../apps/server/src/modules/analysis/engine/metrics.js';
import { analyzeWithRules } from '../../apps/server/src/modules/analysis/engine/rules/rules-analyzer.js';
import { median, printTable, round } from '../lib/report.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PASSES = Number(process.env.BENCH_PASSES ?? 40);

const items = loadDevset();
const inputs: AnalyzeInput[] = items.map((i) => ({
  segments: i.segments,
  text: i.segments.map((s) => s.text).join('\n'),
  language: i.language,
}));

/** Keeps results alive so the engine cannot skip the work. */
let sink = 0;

const NAIVE = [
  /\?/g,
  /[$€£]\s?\d[\d,. ]*/g,
  /\b(?:expensive|budget|contract|already|interested|call me back|book|schedule|cher|rappel|rendez-vous)\b/gi,
];

const cases: { name: string; run: (input: AnalyzeInput) => void }[] = [
  {
    name: 'baseline: lower-case + tokenize',
    run: (input) => {
      sink += input.text.toLowerCase().split(/[^\p{L}\p{N}']+/u).length;
    },
  },
  {
    name: 'baseline: naive regex pass',
    run: (input) => {
      for (const re of NAIVE) sink += input.text.match(re)?.length ?? 0;
    },
  },
  {
    name: 'conversation metrics',
    run: (input) => {
      sink += computeMetrics(input.segments, undefined, input.language).speakers.length;
    },
  },
  {
    name: 'rules analyzer',
    run: (input) => {
      sink += analyzeWithRules(input).questions.length;
    },
  },
  {
    name: 'rules analyzer, language detected',
    run: (input) => {
      sink += analyzeWithRules({ segments: input.segments, text: input.text }).questions.length;
    },
  },
];

function pass(run: (input: AnalyzeInput) => void): void {
  for (const input of inputs) run(input);
}

// Warm-up: compile the lexicons and let the JIT settle.
for (const c of cases) for (let i = 0; i < 10; i++) pass(c.run);

const perRound = new Map<string, number[]>();
for (let r = 0; r < ROUNDS; r++) {
  // Interleave the cases so that drift in machine load hits all of them alike.
  for (const c of cases) {
    const started = process.hrtime.bigint();
    for (let p = 0; p < PASSES; p++) pass(c.run);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    perRound.set(c.name, [...(perRound.get(c.name) ?? []), ms]);
  }
}

const transcriptsPerRound = inputs.length * PASSES;
const baselineMs = median(perRound.get(cases[0]?.name ?? '') ?? []);
const chars = inputs.reduce((n, i) => n + i.text.length, 0);
const rows = cases.map((c) => {
  const ms = median(perRound.get(c.name) ?? []);
  return {
    case: c.name,
    'transcripts/s': Math.round(transcriptsPerRound / (ms / 1000)),
    'ms/transcript': round(ms / transcriptsPerRound, 4),
    'x baseline time': round(ms / baselineMs, 1),
  };
});

printTable(
  `bench/analyze — ${inputs.length} devset transcripts (${Math.round(chars / inputs.length)} chars on average), ` +
    `${ROUNDS} rounds × ${PASSES} passes, median round, node ${process.version}`,
  rows,
);
console.log('Goal: rules analyzer ≥ 200 transcripts/s on one core.');
if (sink === -1) console.log(sink);
