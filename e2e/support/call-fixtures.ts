/**
 * The call recordings the specs import: synthesized fixture calls (see fakes/stt.ts), copied under
 * plain names into the run's fixtures directory, and described in `call-fixtures.json` there.
 * Global setup writes the file; the `callFixtures` fixture reads it (path in E2E_CALL_FIXTURES).
 */
import { copyFile, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type CallFixtureFile = {
  /** The sample call's id (`apps/server/samples/calls/<id>.json`). */
  id: string;
  /** The stereo WAV (Speaker 1 left, Speaker 2 right) on disk. */
  path: string;
  /** Its base name, which an upload keeps as the recording's file name. */
  fileName: string;
  sizeBytes: number;
  durationSec: number;
  /** Every turn's text, in order: what the fake transcriber answers. */
  transcript: string;
};

export type CallFixtures = {
  /** `discovery-demo-booked`, imported through "File upload". */
  discovery: CallFixtureFile;
  /** `roofing-price-follow-up`, imported through "File URL" from the fake file server. */
  roofing: CallFixtureFile & { url: string };
};

type GeneratedAudio = {
  fixtureId: string;
  stereoPath: string;
  durationSec: number;
  expectedSegments: Array<{ text: string }>;
};

/** Copies a fixture's stereo WAV to `<dir>/<id>.wav` and describes it. */
export async function copyCallFixture(audio: GeneratedAudio, dir: string): Promise<CallFixtureFile> {
  const fileName = `${audio.fixtureId}.wav`;
  const target = path.join(dir, fileName);
  await copyFile(audio.stereoPath, target);
  return {
    id: audio.fixtureId,
    path: target,
    fileName,
    sizeBytes: (await stat(target)).size,
    durationSec: audio.durationSec,
    transcript: audio.expectedSegments.map((segment) => segment.text).join(' '),
  };
}

/** Writes the description the specs read; returns its path (for E2E_CALL_FIXTURES). */
export async function writeCallFixtures(dir: string, fixtures: CallFixtures): Promise<string> {
  const file = path.join(dir, 'call-fixtures.json');
  await writeFile(file, JSON.stringify(fixtures, null, 2));
  return file;
}

export async function readCallFixtures(): Promise<CallFixtures> {
  const file = process.env.E2E_CALL_FIXTURES;
  if (!file) throw new Error('E2E_CALL_FIXTURES is not set: run the suite with e2e/playwright.config.ts.');
  return JSON.parse(await readFile(file, 'utf8')) as CallFixtures;
}
