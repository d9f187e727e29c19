import type { Segment } from '@call-insights/contracts/transcript';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../../adapters/llm/config.js';
import {
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../../../test-support/llm-fake-openai-server.js';
import { CoachingSelectionError, DEFAULT_CATALOGUE, DEFAULT_COACH } from './catalogue.js';
import { createLlmCoach } from './llm-coach.js';

const SEGMENTS: Segment[] = [
  { speaker: 'Rep', start: 0, end: 5, text: 'What made you want to take this call today?' },
  { speaker: 'Customer', start: 6, end: 10, text: 'We miss too many calls at lunch.' },
  { speaker: 'Rep', start: 11, end: 14, text: 'Would Thursday at 2 work for a demo?' },
  { speaker: 'Customer', start: 15, end: 17, text: 'Thursday works.' },
];
const ANSWER = [
  '**Connecting questions:** Done — "What made you want to take this call today?"',
  '- Situation questions: Missing. Try "How are you handling calls right now?"',
  'Problem-awareness questions: Missing.',
  '',
  'Overall: Ask about the current situation before proposing a demo.',
].join('\n');

let server: FakeOpenAiServer;
const config = (overrides: Partial<LlmConfig> = {}): LlmConfig => ({
  provider: 'openai',
  baseURL: server.baseURL,
  apiKey: 'k',
  model: 'coach-model',
  timeoutMs: 2_000,
  maxRetries: 0,
  ...overrides,
});
const coach = (overrides: Partial<LlmConfig> = {}) =>
  createLlmCoach(config(overrides), DEFAULT_CATALOGUE).coach({
    segments: SEGMENTS,
    text: '',
    coachName: DEFAULT_COACH.name,
    method: 'NEPQ',
  });

beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterEach(() => {
  server.requests.length = 0;
});
afterAll(async () => {
  await server.close();
});

describe('LLM coach', () => {
  it('sends the persona, the NEPQ rubric, the metrics and the transcript, and cleans the answer', async () => {
    server.enqueue({ kind: 'text', content: ANSWER });
    const feedback = await coach();
    const prompt = server.requests[0]?.prompt ?? '';
    expect(prompt).toContain('You are Alex Morgan (NEPQ coach)');
    for (const label of DEFAULT_CATALOGUE.methods[0]?.rubric.map((r) => r.label) ?? [])
      expect(prompt).toContain(label);
    expect(prompt).toContain('Rep questions: 2');
    expect(prompt).toContain('[00:06] Customer: We miss too many calls at lunch.');
    expect(server.requests[0]?.body?.response_format).toBeUndefined();
    expect(feedback.split('\n')).toEqual([
      'Connecting questions: Done — "What made you want to take this call today?"',
      'Situation questions: Missing. Try "How are you handling calls right now?"',
      'Problem-awareness questions: Missing.',
      'Overall: Ask about the current situation before proposing a demo.',
    ]);
  });

  it('asks again when the answer has no "Label:" lines, then falls back to the rubric checks', async () => {
    server.enqueue({ kind: 'text', content: 'Great call!' }, { kind: 'text', content: 'Really great call!' });
    const feedback = await coach();
    expect(server.requests).toHaveLength(2);
    const lines = feedback.split('\n');
    expect(lines[0]).toBe('Connecting questions: Done — "What made you want to take this call today?"');
    expect(lines.at(-1)).toMatch(
      /^Note: The language model returned an invalid answer twice, so this feedback comes from the offline rubric checks\.$/u,
    );
  });

  it('falls back to the rubric checks on a server error or a timeout', async () => {
    server.enqueue({ kind: 'status', status: 500 });
    expect((await coach()).split('\n').at(-1)).toMatch(/^Note: .*HTTP 500/u);
    server.enqueue({ kind: 'hang' });
    expect((await coach({ timeoutMs: 200 })).split('\n').at(-1)).toMatch(
      /^Note: .*did not answer within 0.2 s/u,
    );
  });

  it('gives the model the French catalogue and labels for a French call, and falls back in French', async () => {
    const french = (overrides: Partial<LlmConfig> = {}) =>
      createLlmCoach(config(overrides), DEFAULT_CATALOGUE).coach({
        segments: [
          { speaker: 'Conseiller', start: 0, end: 4, text: "Qu'est-ce qui vous a amené à nous appeler ?" },
          { speaker: 'Client', start: 5, end: 8, text: 'On rate trop d’appels le midi.' },
        ],
        text: '',
        coachName: DEFAULT_COACH.name,
        method: 'NEPQ',
        language: 'fr',
      });
    server.enqueue({ kind: 'text', content: 'Questions de connexion : Présentes.\nBilan : Bon appel.' });
    await french();
    const prompt = server.requests[0]?.prompt ?? '';
    expect(prompt).toContain(DEFAULT_COACH.persona_fr);
    expect(prompt).toContain('Questions de connexion\n  What it is: Ouvrir l’appel');
    expect(prompt).toContain('"Temps de parole :", "Nombre de questions :" and "Plus long monologue :"');
    expect(prompt).toContain('"Bilan :"');
    expect(prompt).not.toContain('"Talk ratio:"');

    server.enqueue({ kind: 'status', status: 500 });
    const lines = (await french()).split('\n');
    expect(lines[0]).toMatch(/^Questions de connexion : présentes/u);
    expect(lines.at(-1)).toBe(
      'Remarque : Le service du modèle de langue a échoué (HTTP 500), ce retour vient donc des vérifications hors ligne de la grille. Réessayez plus tard.',
    );
  });

  it('rejects a coach outside the catalogue before calling the model', async () => {
    await expect(
      createLlmCoach(config(), DEFAULT_CATALOGUE).coach({
        segments: SEGMENTS,
        text: '',
        coachName: 'X',
        method: 'NEPQ',
      }),
    ).rejects.toBeInstanceOf(CoachingSelectionError);
    expect(server.requests).toHaveLength(0);
  });
});
