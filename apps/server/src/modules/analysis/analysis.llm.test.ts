import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser } from '../../test-support/factories.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test-support/llm-fake-openai-server.js';
import { waitForRecording } from '../../test-support/recordings-client.js';

/** The pipeline with ANALYZER=llm against a fake OpenAI-compatible chat server on 127.0.0.1. */
describe('analysis with a language model', () => {
  let fake: FakeOpenAiServer;
  let h: Harness;
  const answer = {
    call_results: 'A demo was booked for Thursday.',
    call_summary: 'The prospect misses calls; the rep offered the answering service and booked a demo.',
    questions: [
      { question: 'How many calls do you miss?', asked_by: 'Speaker 1', answer: 'About ten a week.' },
    ],
    objections: ['Worried about the price'],
    pain_points: ['Missed calls'],
    pricing_discussed: ['$299 per month'],
    result_class: 'appointment',
    lead_score: 80,
    lead_score_reasons: ['Demo booked'],
  };

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    h = await createHarness(
      'pglite',
      {
        ANALYZER: 'llm',
        LLM_BASE_URL: fake.baseURL,
        LLM_API_KEY: 'test-key',
        LLM_MODEL: 'fake-model',
        LLM_TIMEOUT_SECONDS: '5',
      },
      { worker: true },
    );
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  async function importOneSample() {
    const u = await createUser(h.app);
    const { ids } = (
      await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: u.auth })
    ).json() as {
      ids: number[];
    };
    for (const id of ids) await waitForRecording(h.app, u.auth, id);
    const records = await Promise.all(
      ids.map(async (id) =>
        (
          await h.app.inject({ method: 'GET', url: `/api/analysis/analysis?id=${id}`, headers: u.auth })
        ).json(),
      ),
    );
    return records;
  }

  it('stores the model’s analysis, and sends it the transcript', async () => {
    fake.setFallback({ kind: 'json', body: answer });
    const records = await importOneSample();
    for (const r of records) {
      expect(r.status).toBe('done');
      expect(r.analysis).toMatchObject({
        analyzer: 'llm',
        result_class: 'appointment',
        questions: ['How many calls do you miss?'],
        answers: ['About ten a week.'],
      });
      expect(r.analysis.fallback_reason).toBeUndefined();
      // Prices are normalised into the call's language ("$299 per month" / "299 $ par mois").
      expect(r.analysis.pricing_discussed).toHaveLength(1);
      expect(r.analysis.pricing_discussed[0]).toMatch(/299/);
    }
    expect(fake.requests.some((req) => req.prompt.includes('Summit Roofing'))).toBe(true);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer test-key');
  });

  it('falls back to the rules analysis, marked as such, when the model fails', async () => {
    fake.setFallback({ kind: 'status', status: 500, message: 'model crashed' });
    const records = await importOneSample();
    for (const r of records) {
      expect(r.status).toBe('done');
      expect(r.analysis.analyzer).toBe('rules');
      expect(r.analysis.fallback_reason).toMatch(/\S/);
    }
  });
});
