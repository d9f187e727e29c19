/**
 * The speech-to-text provider of the e2e run: the server's own fake OpenAI-compatible
 * transcription service (`apps/server/src/test-support/stt-fake-openai-server.ts`) on 127.0.0.1,
 * taught the call fixtures the specs import. Their audio is synthesized with espeak-ng + sox by
 * `apps/server/src/modules/samples/sample-audio.ts` (cached in the OS temp dir by content hash);
 * the fake recognizes each channel the pipeline splits off and answers that speaker's turns.
 * It also knows the HighLevel sandbox's scripted calls (the server starts the sandbox in-process on
 * the embedded defaults): the CRM sync imports their stereo WAVs, and half of them come without
 * HighLevel's own transcript, so the pipeline transcribes those through this fake.
 */
import {
  generateFixtureAudio,
  loadCallFixture,
  type FixtureAudio,
} from '../../../apps/server/src/modules/samples/sample-audio.js';
import { startFakeOpenAiServer } from '../../../apps/server/src/test-support/stt-fake-openai-server.js';
import { callAudio } from '../../../packages/highlevel-sandbox/src/audio.js';
import { CALL_SCRIPTS } from '../../../packages/highlevel-sandbox/src/call-scripts.js';
import type { Fake } from './fake.js';

/** The sample calls (`apps/server/samples/calls/<id>.json`) the e2e specs import as audio. */
export const E2E_CALL_FIXTURE_IDS = ['discovery-demo-booked', 'roofing-price-follow-up'] as const;
export type E2eCallFixtureId = (typeof E2E_CALL_FIXTURE_IDS)[number];

export type FakeTranscriber = Fake & {
  /** The synthesized audio of every fixture the fake knows, by fixture id. */
  fixtures: Record<E2eCallFixtureId, FixtureAudio>;
};

export async function startFakeTranscriber(): Promise<FakeTranscriber> {
  const generated = await Promise.all(
    E2E_CALL_FIXTURE_IDS.map(async (id) => generateFixtureAudio(await loadCallFixture(id))),
  );
  const server = await startFakeOpenAiServer({ apiKey: 'e2e-transcriber-key' });
  for (const audio of generated) server.registerFixture(audio);
  // The same synthesis (and cache) as the sandbox's recording endpoint: agent left, customer right.
  for (const script of CALL_SCRIPTS) {
    const audio = await callAudio(script);
    server.registerFixture({
      fixtureId: `highlevel-sandbox/${script.id}`,
      durationSec: audio.durationSec,
      language: 'en',
      expectedSegments: audio.sentences.map((sentence) => ({
        speaker: sentence.speaker === 'agent' ? 'Speaker 1' : 'Speaker 2',
        start: sentence.startMs / 1000,
        end: sentence.endMs / 1000,
        text: sentence.text,
      })),
    });
  }

  return {
    name: 'stt',
    env: { TRANSCRIBER: 'openai', TRANSCRIBER_BASE_URL: server.baseUrl, TRANSCRIBER_API_KEY: server.apiKey },
    fixtures: Object.fromEntries(generated.map((audio) => [audio.fixtureId, audio])) as Record<
      E2eCallFixtureId,
      FixtureAudio
    >,
    stop: () => server.close(),
  };
}
