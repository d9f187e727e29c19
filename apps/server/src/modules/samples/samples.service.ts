/**
 * Owns "Try sample calls": imports the shipped sample calls into the caller's organization with
 * their transcripts already known, so a new user sees analyses with no speech engine configured.
 * Audio is synthesized with espeak-ng when it is installed; without it the samples have no audio.
 */
import fs from 'node:fs';
import type { Segment } from '@call-insights/contracts/transcript';
import type { Logger } from 'pino';
import type { StorageAdapter } from '../../adapters/storage/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  storageKeyFor,
  type KnownTranscript,
  type RecordingsService,
} from '../recordings/recordings.service.js';
import { generateFixtureAudio, hasAudioTools, loadCallFixtures, type CallFixture } from './sample-audio.js';

const WORDS_PER_SECOND = 2.6;
const PAUSE_SEC = 0.7;

/** Timings estimated from word counts, for when no audio can be synthesized. */
export function estimatedSegments(fixture: CallFixture): { segments: Segment[]; durationSec: number } {
  let t = 0.5;
  const segments = fixture.turns.map((turn) => {
    const length = Math.max(1, turn.text.split(/\s+/).length / WORDS_PER_SECOND);
    const seg = { speaker: turn.speaker, start: round(t), end: round(t + length), text: turn.text };
    t += length + PAUSE_SEC;
    return seg;
  });
  return { segments, durationSec: round(t) };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function createSamplesService(deps: {
  recordings: Pick<RecordingsService, 'createManyWithTranscript' | 'assertQuota'>;
  storage: StorageAdapter;
  log: Logger;
}) {
  return {
    /**
     * Imports every sample call or none: checked first for all of them (no audio is made for calls
     * that could not be kept), then atomically with the insert.
     */
    async importSamples(caller: AuthUser): Promise<{ ids: number[] }> {
      const fixtures = await loadCallFixtures();
      await deps.recordings.assertQuota(caller, { wanted: fixtures.length });
      const withAudio = await hasAudioTools();
      const inputs: KnownTranscript[] = [];
      try {
        for (const [i, fixture] of fixtures.entries()) {
          let segments: Segment[];
          let durationSec: number;
          let audio: KnownTranscript['audio'];
          if (withAudio) {
            const made = await generateFixtureAudio(fixture);
            segments = made.expectedSegments;
            durationSec = made.durationSec;
            const storageKey = storageKeyFor(caller.organizationId, 'wav');
            const { size } = await deps.storage.put(storageKey, fs.createReadStream(made.stereoPath), {
              contentType: 'audio/wav',
            });
            audio = { storageKey, sizeBytes: size, contentType: 'audio/wav' };
          } else {
            ({ segments, durationSec } = estimatedSegments(fixture));
          }
          inputs.push({
            source: 'sample',
            originalName: `${fixture.title}.wav`,
            createdAt: new Date(Date.now() - i * 26 * 3600 * 1000),
            segments,
            durationSec,
            ...(audio ? { audio } : {}),
          });
        }
        const rows = await deps.recordings.createManyWithTranscript(caller, inputs);
        deps.log.info({ count: rows.length, withAudio }, 'sample calls imported');
        return { ids: rows.map((row) => row.id) };
      } catch (err) {
        // None was saved: the audio already stored for them goes too.
        for (const input of inputs) {
          if (input.audio) await deps.storage.delete(input.audio.storageKey).catch(() => undefined);
        }
        throw err;
      }
    },
  };
}

export type SamplesService = ReturnType<typeof createSamplesService>;
