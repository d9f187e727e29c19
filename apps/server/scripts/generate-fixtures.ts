/**
 * Writes the synthetic sample calls (apps/server/fixtures/calls/*.json spoken by espeak-ng) to a
 * folder: `<id>.stereo.wav` (Speaker 1 left, Speaker 2 right), `<id>.mono.wav`, and `<id>.json`
 * (the fixture plus the expected segments). Generated audio is never committed.
 *
 *   npx tsx scripts/generate-fixtures.ts <out-dir> [fixture-id ...]
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  generateFixtureAudio,
  hasAudioTools,
  loadCallFixtures,
} from '../src/modules/samples/sample-audio.js';

const [outArg, ...only] = process.argv.slice(2);
if (!outArg) {
  console.error('usage: tsx scripts/generate-fixtures.ts <out-dir> [fixture-id ...]');
  process.exit(2);
}
if (!(await hasAudioTools())) {
  console.error('espeak-ng and sox are required (Debian: apt-get install espeak-ng sox)');
  process.exit(1);
}
const outDir = resolve(outArg);
await mkdir(outDir, { recursive: true });
const fixtures = (await loadCallFixtures()).filter((f) => only.length === 0 || only.includes(f.id));
if (fixtures.length === 0) {
  console.error(`no fixture matches ${only.join(', ')}`);
  process.exit(1);
}
for (const fixture of fixtures) {
  const audio = await generateFixtureAudio(fixture);
  await copyFile(audio.stereoPath, join(outDir, `${fixture.id}.stereo.wav`));
  await copyFile(audio.monoPath, join(outDir, `${fixture.id}.mono.wav`));
  await writeFile(
    join(outDir, `${fixture.id}.json`),
    `${JSON.stringify({ ...fixture, durationSec: audio.durationSec, expectedSegments: audio.expectedSegments }, null, 2)}\n`,
  );
  console.log(`${fixture.id}: ${audio.durationSec.toFixed(1)} s, ${audio.expectedSegments.length} turns`);
}
