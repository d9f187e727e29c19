import { readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeWavChannels } from '../../adapters/transcription/wav.js';
import { audioToolsGate } from '../../test-support/audio-tools.js';
import { AudioMatcher, fixtureAudioEntries } from '../../test-support/stt-audio-match.js';
import { generateFixtureAudio, loadCallFixtures, splitStereoWithFfmpeg } from './sample-audio.js';

const tools = await audioToolsGate(['espeak-ng', 'sox', 'ffmpeg']);
const fixtures = await loadCallFixtures();

describe('call fixtures', () => {
  it('are short two-speaker sales dialogues', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
    for (const f of fixtures) {
      expect(f.turns.length).toBeGreaterThanOrEqual(4);
      expect(f.turns.length).toBeLessThanOrEqual(8);
      expect(new Set(f.turns.map((t) => t.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
    }
  });

  tools.it('synthesize to 20–40 s of stereo audio, one speaker per channel, cached by content', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stt-fixture-audio-'));
    try {
      const matcher = new AudioMatcher();
      const audios = [];
      for (const f of fixtures) {
        const audio = await generateFixtureAudio(f, dir);
        audios.push(audio);
        for (const e of fixtureAudioEntries(audio)) matcher.register(e);
        expect(audio.durationSec).toBeGreaterThanOrEqual(20);
        expect(audio.durationSec).toBeLessThanOrEqual(40);
        expect(audio.expectedSegments.map((s) => s.text)).toEqual(f.turns.map((t) => t.text));

        // During a Speaker 2 turn the left channel is silent, and the other way round.
        const [left, right] = decodeWavChannels(await readFile(audio.stereoPath));
        for (const seg of audio.expectedSegments) {
          const quiet = seg.speaker === 'Speaker 1' ? right! : left!;
          const loud = seg.speaker === 'Speaker 1' ? left! : right!;
          const from = Math.floor(seg.start * 16_000);
          const to = Math.floor(seg.end * 16_000);
          expect(quiet.subarray(from, to).every((v) => v === 0)).toBe(true);
          expect(loud.subarray(from, to).some((v) => Math.abs(v) > 0.05)).toBe(true);
        }

        const again = await generateFixtureAudio(f, dir);
        expect(again.stereoPath).toBe(audio.stereoPath);
        expect((await stat(again.stereoPath)).mtimeMs).toBe((await stat(audio.stereoPath)).mtimeMs);
      }

      // Every ffmpeg-split channel and mono mix is recognized as itself, never as a neighbour.
      for (const audio of audios) {
        const split = await splitStereoWithFfmpeg(audio.stereoPath, join(dir, `split-${audio.fixtureId}`));
        const seen = [split.leftPath, split.rightPath, audio.monoPath].map(async (p) => {
          const m = matcher.match(await readFile(p));
          return m.ok ? m.entry.label : m.reason;
        });
        expect(await Promise.all(seen)).toEqual(fixtureAudioEntries(audio).map((e) => e.label));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
