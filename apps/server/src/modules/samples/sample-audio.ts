/**
 * The shipped sample calls (`apps/server/samples/calls/*.json`, scripted sales calls used by
 * "Try sample calls" and as test fixtures) and their synthetic audio. Each turn is spoken by
 * espeak-ng (one voice per speaker), trimmed and resampled with sox, and laid on a timeline with
 * short pauses; Speaker 1 goes on the left channel, Speaker 2 on the right. The known timeline gives
 * the expected segments. Audio is generated on demand into a temp dir (cached by content hash),
 * never committed.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { z } from 'zod';
import { Segment } from '@call-insights/contracts/transcript';
import { decodeWavMono, encodeWav16 } from '../../adapters/transcription/wav.js';

const run = promisify(execFile);

export const CallFixture = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  language: z.string().regex(/^[a-z]{2}$/),
  turns: z.array(z.object({ speaker: z.enum(['Speaker 1', 'Speaker 2']), text: z.string().min(1) })).min(2),
});
export type CallFixture = z.infer<typeof CallFixture>;

export const FixtureAudioMeta = z.object({
  fixtureId: z.string(),
  language: z.string(),
  sampleRate: z.number(),
  durationSec: z.number(),
  expectedSegments: z.array(Segment),
});

export type FixtureAudio = z.infer<typeof FixtureAudioMeta> & {
  /** Two channels, 16 kHz: Speaker 1 left, Speaker 2 right, silence on the other side during a turn. */
  stereoPath: string;
  /** Both speakers mixed on one channel. */
  monoPath: string;
  /** Each channel alone as 16 kHz mono WAV: what the pipeline's per-channel split should produce. */
  leftPath: string;
  rightPath: string;
};

export const CALL_FIXTURES_DIR = fileURLToPath(new URL('../../../samples/calls/', import.meta.url));
export const DEFAULT_FIXTURE_AUDIO_DIR = join(tmpdir(), 'call-insights-stt-fixtures');

const SAMPLE_RATE = 16_000;
const LEAD_IN_SEC = 0.5;
const TAIL_SEC = 0.6;
/** Pauses between turns, cycled: varied like a real call. */
const PAUSES_SEC = [0.6, 0.8, 0.5, 0.9, 0.7];
/** espeak-ng words per minute. */
const SPEED_WPM = 175;
/** Everything that shapes the audio goes into the cache key; bump `version` when the code changes. */
const SYNTHESIS = { version: 1, SAMPLE_RATE, LEAD_IN_SEC, TAIL_SEC, PAUSES_SEC, SPEED_WPM };

const VOICES: Record<string, Record<CallFixture['turns'][number]['speaker'], string>> = {
  en: { 'Speaker 1': 'en-us', 'Speaker 2': 'en-us+f3' },
  fr: { 'Speaker 1': 'fr', 'Speaker 2': 'fr+f3' },
};

export async function loadCallFixtures(dir: string = CALL_FIXTURES_DIR): Promise<CallFixture[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (n) => CallFixture.parse(JSON.parse(await readFile(join(dir, n), 'utf8')))),
  );
}

export async function loadCallFixture(id: string, dir: string = CALL_FIXTURES_DIR): Promise<CallFixture> {
  return CallFixture.parse(JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')));
}

/** True when espeak-ng and sox can be run (tests skip audio generation otherwise). */
export async function hasAudioTools(): Promise<boolean> {
  try {
    await run('espeak-ng', ['--version']);
    await run('sox', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * Synthesizes the fixture (or reuses the cached result for the same content) into `outDir`:
 * `<id>-<hash>.{stereo,mono,left,right}.wav` and `<id>-<hash>.json` (the timeline).
 */
export async function generateFixtureAudio(
  fixture: CallFixture,
  outDir: string = DEFAULT_FIXTURE_AUDIO_DIR,
): Promise<FixtureAudio> {
  const voices = VOICES[fixture.language];
  if (!voices) throw new Error(`no espeak-ng voices configured for language "${fixture.language}"`);
  const hash = createHash('sha256')
    .update(JSON.stringify({ fixture, voices, SYNTHESIS }))
    .digest('hex')
    .slice(0, 12);
  const base = join(outDir, `${fixture.id}-${hash}`);
  const paths = {
    stereoPath: `${base}.stereo.wav`,
    monoPath: `${base}.mono.wav`,
    leftPath: `${base}.left.wav`,
    rightPath: `${base}.right.wav`,
  };
  const metaPath = `${base}.json`;
  try {
    const meta = FixtureAudioMeta.parse(JSON.parse(await readFile(metaPath, 'utf8')));
    await Promise.all(Object.values(paths).map((p) => access(p)));
    return { ...meta, ...paths };
  } catch {
    // Not generated yet, damaged, or partly cleaned up by the OS: build it again.
  }

  await mkdir(outDir, { recursive: true });
  // Build in a private dir and rename into place, meta last: parallel test workers never see half a fixture.
  const work = await mkdtemp(join(outDir, `.tmp-${fixture.id}-`));
  try {
    const turns: Int16Array[] = [];
    for (const [i, turn] of fixture.turns.entries()) {
      const textFile = join(work, `turn-${i}.txt`);
      const raw = join(work, `turn-${i}.raw.wav`);
      const clean = join(work, `turn-${i}.wav`);
      await writeFile(textFile, turn.text, 'utf8');
      await run('espeak-ng', [
        '-v',
        voices[turn.speaker],
        '-s',
        String(SPEED_WPM),
        '-f',
        textFile,
        '-w',
        raw,
      ]);
      // 16 kHz mono 16-bit, leading and trailing silence trimmed so the timeline is tight.
      await run('sox', [
        raw,
        '-r',
        String(SAMPLE_RATE),
        '-c',
        '1',
        '-b',
        '16',
        clean,
        'silence',
        '1',
        '0.02',
        '0.5%',
        'reverse',
        'silence',
        '1',
        '0.02',
        '0.5%',
        'reverse',
      ]);
      turns.push(toInt16(decodeWavMono(await readFile(clean))));
    }

    const expectedSegments: Segment[] = [];
    let cursor = Math.round(LEAD_IN_SEC * SAMPLE_RATE);
    const placed: { at: number; samples: Int16Array; speaker: CallFixture['turns'][number]['speaker'] }[] =
      [];
    for (const [i, turn] of fixture.turns.entries()) {
      const samples = turns[i] as Int16Array;
      placed.push({ at: cursor, samples, speaker: turn.speaker });
      expectedSegments.push({
        speaker: turn.speaker,
        start: round3(cursor / SAMPLE_RATE),
        end: round3((cursor + samples.length) / SAMPLE_RATE),
        text: turn.text,
      });
      cursor += samples.length;
      if (i < fixture.turns.length - 1)
        cursor += Math.round((PAUSES_SEC[i % PAUSES_SEC.length] as number) * SAMPLE_RATE);
    }
    const frames = cursor + Math.round(TAIL_SEC * SAMPLE_RATE);
    const left = new Int16Array(frames);
    const right = new Int16Array(frames);
    const mono = new Int16Array(frames);
    for (const p of placed) {
      const side = p.speaker === 'Speaker 1' ? left : right;
      side.set(p.samples, p.at);
      mono.set(p.samples, p.at);
    }

    const tmp = (name: string) => join(work, name);
    await writeFile(tmp('stereo.wav'), encodeWav16(SAMPLE_RATE, [left, right]));
    await writeFile(tmp('mono.wav'), encodeWav16(SAMPLE_RATE, [mono]));
    await writeFile(tmp('left.wav'), encodeWav16(SAMPLE_RATE, [left]));
    await writeFile(tmp('right.wav'), encodeWav16(SAMPLE_RATE, [right]));
    const meta: z.infer<typeof FixtureAudioMeta> = {
      fixtureId: fixture.id,
      language: fixture.language,
      sampleRate: SAMPLE_RATE,
      durationSec: round3(frames / SAMPLE_RATE),
      expectedSegments,
    };
    await writeFile(tmp('meta.json'), JSON.stringify(meta, null, 2));
    await rename(tmp('stereo.wav'), paths.stereoPath);
    await rename(tmp('mono.wav'), paths.monoPath);
    await rename(tmp('left.wav'), paths.leftPath);
    await rename(tmp('right.wav'), paths.rightPath);
    await rename(tmp('meta.json'), metaPath);
    return { ...meta, ...paths };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Splits a stereo file into two 16 kHz mono WAVs with ffmpeg, the way the pipeline normalizes
 * recordings; adapter tests use it to prove the fakes match re-encoded audio, not just our bytes.
 */
export async function splitStereoWithFfmpeg(
  stereoPath: string,
  outDir: string,
): Promise<{ leftPath: string; rightPath: string }> {
  await mkdir(outDir, { recursive: true });
  const leftPath = join(outDir, 'left.wav');
  const rightPath = join(outDir, 'right.wav');
  await run('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    stereoPath,
    '-filter_complex',
    'channelsplit=channel_layout=stereo[l][r]',
    '-map',
    '[l]',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    leftPath,
    '-map',
    '[r]',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    rightPath,
  ]);
  return { leftPath, rightPath };
}

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    out[i] = Math.max(-32768, Math.min(32767, Math.round((samples[i] as number) * 32768)));
  }
  return out;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
