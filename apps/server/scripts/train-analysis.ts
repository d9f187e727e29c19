/**
 * `npm run train:analysis -w @call-insights/server`: trains the rules analyzer's two learned parts on
 * the development set only, in order, each in a process of its own:
 *   1. the speaker scorer that tells the rep from the prospect (`train-speaker-model.ts`);
 *   2. the clause classifier of objections and pain points (`train-clause-model.ts`), whose
 *      candidates are the prospect's clauses, so it is trained after the scorer is written (a
 *      process reads the committed scorer once, when it loads).
 * `--check` and `--writers` are passed to both (see their headers).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
for (const script of ['train-speaker-model.ts', 'train-clause-model.ts'])
  execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), ...args],
    {
      stdio: 'inherit',
    },
  );
