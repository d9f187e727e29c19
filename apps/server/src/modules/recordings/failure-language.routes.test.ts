/**
 * A failed recording's reason is read in each reader's language: the pipeline stores the message
 * and its values, and every screen translates them when read. Rows from before that kept only
 * English text still show it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingListItem } from '@call-insights/contracts/recordings';
import { recordings } from '../../db/schema.js';
import { generateFixtureAudio, loadCallFixture, type FixtureAudio } from '../samples/sample-audio.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { addMember } from '../../test-support/members.js';
import { upload, waitForRecording } from '../../test-support/recordings-client.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/stt-fake-openai-server.js';

let audio: FixtureAudio;
let fake: FakeOpenAiServer;

beforeAll(async () => {
  audio = await generateFixtureAudio(await loadCallFixture('discovery-demo-booked'));
  fake = await startFakeOpenAiServer();
  fake.registerFixture(audio);
});
afterAll(async () => {
  await fake?.close();
});

const FR = { 'accept-language': 'fr-FR,fr;q=0.9' };

describe.each(BACKENDS)('failure reasons in the reader’s language on %s', (backend) => {
  let h: Harness;
  let owner: CreatedUser;
  let colleague: CreatedUser;

  beforeAll(async () => {
    h = await createHarness(
      backend,
      {
        TRANSCRIBER: 'openai',
        TRANSCRIBER_BASE_URL: fake.baseUrl,
        TRANSCRIBER_API_KEY: fake.apiKey,
        JOB_RETRY_LIMIT: '0',
      },
      { worker: true },
    );
    owner = await createUser(h.app);
    colleague = await addMember(h, owner, 'manager');
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, headers: Record<string, string>) => h.app.inject({ method: 'GET', url, headers });

  /** The reason as each screen shows it: progress, list, call page, hub. */
  async function reasonsFor(id: number, headers: Record<string, string>) {
    const list = (await get('/api/analysis/transcriptions?page=1', headers)).json()
      .items as RecordingListItem[];
    return {
      progress: (await get(`/api/transcription/progress?id=${id}`, headers)).json().error as string | null,
      list: list.find((i) => i.id === id)?.error,
      page: (await get(`/api/analysis/analysis?id=${id}`, headers)).json().error as string | null,
    };
  }

  async function failedUpload(name: string, times: number, status: number): Promise<number> {
    fake.failNext(times, status);
    const res = await upload(h.app, owner.auth, { name, path: audio.stereoPath });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    expect((await waitForRecording(h.app, owner.auth, id)).status).toBe('failed');
    return id;
  }

  it('shows a speech service outage in French to a French reader and in English to an English one', async () => {
    // The request and the provider's two quick retries all fail; the job is not retried (limit 0), so
    // the reason promises no retry (the member can press Retry).
    const id = await failedUpload('outage.wav', 3, 503);
    const english = 'The OpenAI-compatible transcription service had a temporary problem (HTTP 503).';
    const french =
      'Le service de transcription compatible OpenAI a rencontré un problème temporaire (HTTP 503).';

    expect(await reasonsFor(id, { ...owner.auth, ...FR })).toEqual({
      progress: french,
      list: french,
      page: french,
    });
    expect(await reasonsFor(id, colleague.auth)).toEqual({ progress: english, list: english, page: english });
    // The same member switching language reads the same stored reason in the other language.
    expect((await reasonsFor(id, owner.auth)).page).toBe(english);

    const hub = (await get('/api/dashboard/me', { ...owner.auth, ...FR })).json() as {
      attention: { id: number; error: string | null }[];
    };
    expect(hub.attention.find((c) => c.id === id)?.error).toBe(french);
    const bell = (await get('/api/notifications?limit=20', { ...owner.auth, ...FR })).json().items as {
      kind: string;
      params: Record<string, unknown>;
    }[];
    expect(bell.find((n) => n.kind === 'call_failed' && n.params.name === 'outage.wav')?.params.reason).toBe(
      french,
    );
  });

  it('says in French that the speech service refused the audio', async () => {
    const id = await failedUpload('refused.wav', 1, 415);
    expect((await reasonsFor(id, { ...colleague.auth, ...FR })).page).toBe(
      'Le service de transcription compatible OpenAI n’a pas pu traiter cet audio (HTTP 415). Le fichier est peut-être endommagé, trop volumineux ou dans un format non pris en charge.',
    );
    expect((await reasonsFor(id, colleague.auth)).page).toBe(
      'The OpenAI-compatible transcription service could not process this audio (HTTP 415). The file may be damaged, too large, or in an unsupported format.',
    );
  });

  it('still shows the English text an older failed row kept, to every reader', async () => {
    const id = await failedUpload('older.wav', 3, 500);
    const old = 'Transcription failed: the vendor answered 502.';
    await h.database.db
      .update(recordings)
      .set({ error: old, errorDetail: null })
      .where(eq(recordings.id, id));
    expect(await reasonsFor(id, { ...owner.auth, ...FR })).toEqual({ progress: old, list: old, page: old });
    expect((await reasonsFor(id, colleague.auth)).list).toBe(old);
  });
});
