/**
 * Synthesizes a call script into a real stereo WAV: each turn spoken by espeak-ng (one voice per
 * speaker), trimmed and resampled by sox, laid on a timeline with short pauses; the agent on the
 * left channel, the customer on the right. Generated on first request and cached in the OS temp
 * dir, keyed by a hash of the script and synthesis settings (never committed).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CallScript, Speaker } from './call-scripts.js';

const run = promisify(execFile);

export const SAMPLE_RATE = 16_000;
const LEAD_IN_SEC = 0.4;
const TAIL_SEC = 0.5;
const PAUSES_SEC = [0.6, 0.8, 0.5, 0.9, 0.7];
const SPEED_WPM = 170;
const VOICES: Record<Speaker, string> = { agent: 'en-us', customer: 'en-us+f3' };
/** Everything that shapes the audio goes into the cache key; bump `version` when this code changes. */
const SYNTHESIS = { version: 1, SAMPLE_RATE, LEAD_IN_SEC, TAIL_SEC, PAUSES_SEC, SPEED_WPM, VOICES };

export const DEFAULT_AUDIO_CACHE_DIR = join(tmpdir(), 'highlevel-sandbox-audio');

export type TimedSentence = { speaker: Speaker; startMs: number; endMs: number; text: string };
export type CallAudio = { wavPath: string; durationSec: number; sentences: TimedSentence[] };

export class AudioToolsMissingError extends Error {
  constructor() {
    super(
      'highlevel-sandbox needs espeak-ng and sox to synthesize call recordings; install them with scripts/ensure-system-deps.sh',
    );
    this.name = 'AudioToolsMissingError';
  }
}

export async function hasAudioTools(): Promise<boolean> {
  try {
    await run('espeak-ng', ['--version']);
    await run('sox', ['--version']);
    return true;
  } catch {
    return false;
  }
}

const inFlight = new Map<string, Promise<CallAudio>>();

/** The script's stereo WAV and its timeline, synthesized once per content and cache dir. */
export function callAudio(
  script: CallScript,
  cacheDir: string = DEFAULT_AUDIO_CACHE_DIR,
): Promise<CallAudio> {
  const hash = createHash('sha256').update(JSON.stringify({ script, SYNTHESIS })).digest('hex').slice(0, 16);
  const base = join(cacheDir, `${script.id}-${hash}`);
  const existing = inFlight.get(base);
  if (existing) return existing;
  const job = loadOrSynthesize(script, base, cacheDir).finally(() => inFlight.delete(base));
  inFlight.set(base, job);
  return job;
}

async function loadOrSynthesize(script: CallScript, base: string, cacheDir: string): Promise<CallAudio> {
  const wavPath = `${base}.wav`;
  const metaPath = `${base}.json`;
  try {
    const meta = JSON.parse(await readFile(metaPath, 'utf8')) as Omit<CallAudio, 'wavPath'>;
    await access(wavPath);
    return { ...meta, wavPath };
  } catch {
    // Not generated yet or cleaned up by the OS: synthesize again.
  }
  if (!(await hasAudioTools())) throw new AudioToolsMissingError();
  await mkdir(cacheDir, { recursive: true });
  // Build in a private dir and rename into place, meta last: concurrent processes never see half a file.
  const work = await mkdtemp(join(cacheDir, `.tmp-${script.id}-`));
  try {
    const clips: Int16Array[] = [];
    for (const [i, turn] of script.turns.entries()) {
      const textFile = join(work, `turn-${i}.txt`);
      const raw = join(work, `turn-${i}.raw.wav`);
      const clean = join(work, `turn-${i}.wav`);
      await writeFile(textFile, turn.text, 'utf8');
      await run('espeak-ng', [
        '-v',
        VOICES[turn.speaker],
        '-s',
        String(SPEED_WPM),
        '-f',
        textFile,
        '-w',
        raw,
      ]);
      // 16 kHz mono 16-bit with leading and trailing silence trimmed, so the timeline is tight.
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
      const decoded = decodeWav(await readFile(clean));
      clips.push(decoded.channels[0] ?? new Int16Array(0));
    }
    let cursor = Math.round(LEAD_IN_SEC * SAMPLE_RATE);
    const placed: { at: number; clip: Int16Array; speaker: Speaker }[] = [];
    const sentences: TimedSentence[] = [];
    for (const [i, turn] of script.turns.entries()) {
      const clip = clips[i] ?? new Int16Array(0);
      placed.push({ at: cursor, clip, speaker: turn.speaker });
      sentences.push({
        speaker: turn.speaker,
        startMs: Math.round((cursor / SAMPLE_RATE) * 1000),
        endMs: Math.round(((cursor + clip.length) / SAMPLE_RATE) * 1000),
        text: turn.text,
      });
      cursor += clip.length;
      if (i < script.turns.length - 1)
        cursor += Math.round((PAUSES_SEC[i % PAUSES_SEC.length] ?? 0.6) * SAMPLE_RATE);
    }
    const frames = cursor + Math.round(TAIL_SEC * SAMPLE_RATE);
    const left = new Int16Array(frames);
    const right = new Int16Array(frames);
    for (const p of placed) (p.speaker === 'agent' ? left : right).set(p.clip, p.at);
    const meta: Omit<CallAudio, 'wavPath'> = {
      durationSec: Math.round((frames / SAMPLE_RATE) * 1000) / 1000,
      sentences,
    };
    await writeFile(join(work, 'call.wav'), encodeWav(SAMPLE_RATE, [left, right]));
    await writeFile(join(work, 'call.json'), JSON.stringify(meta));
    await rename(join(work, 'call.wav'), `${base}.wav`);
    await rename(join(work, 'call.json'), `${base}.json`);
    return { ...meta, wavPath: `${base}.wav` };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** 16-bit PCM WAV, channels interleaved. */
export function encodeWav(sampleRate: number, channels: Int16Array[]): Buffer {
  const n = channels.length;
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * n * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(n, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * n * 2, 28);
  buf.writeUInt16LE(n * 2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  let o = 44;
  for (let f = 0; f < frames; f++) {
    for (const ch of channels) {
      buf.writeInt16LE(ch[f] ?? 0, o);
      o += 2;
    }
  }
  return buf;
}

export type DecodedWav = { sampleRate: number; channels: Int16Array[] };

/** Reads a 16-bit PCM WAV (any chunk order), one Int16Array per channel. */
export function decodeWav(buf: Buffer): DecodedWav {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let offset = 12;
  let channelCount = 0;
  let sampleRate = 0;
  let bits = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channelCount = buf.readUInt16LE(body + 2);
      sampleRate = buf.readUInt32LE(body + 4);
      bits = buf.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16 || channelCount < 1)
        throw new Error(`unsupported WAV: ${bits} bits, ${channelCount} channels`);
      const end = Math.min(buf.length, body + size);
      const frames = Math.floor((end - body) / (2 * channelCount));
      const channels = Array.from({ length: channelCount }, () => new Int16Array(frames));
      for (let f = 0; f < frames; f++) {
        for (let c = 0; c < channelCount; c++) {
          (channels[c] as Int16Array)[f] = buf.readInt16LE(body + (f * channelCount + c) * 2);
        }
      }
      return { sampleRate, channels };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}
