import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createHarness, type Harness } from '../../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../../test-support/factories.js';
import { waitForRecording } from '../../../test-support/recordings-client.js';

/**
 * The offline assistant through the real app on the shipped sample calls ("Try sample calls",
 * imported and analysed by the worker): the questions a rep or manager asks about them, in English
 * and French. The samples are, in order: a discovery call, a French call (madame Martin), a roofing
 * quote (competitor and spouse objections), a cold call (James).
 */
describe.each(BACKENDS)('offline assistant on the sample calls (%s)', (backend) => {
  let h: Harness;
  let owner: CreatedUser;
  let discovery: number;
  let french: number;
  let roofing: number;
  let cold: number;
  const link = (id: number) => `(/main/call-analysis/${id})`;

  beforeAll(async () => {
    h = await createHarness(backend, {}, { worker: true });
    owner = await createUser(h.app);
    const res = await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: owner.auth });
    const ids = (res.json() as { ids: number[] }).ids;
    for (const id of ids) await waitForRecording(h.app, owner.auth, id);
    [discovery, french, roofing, cold] = ids as [number, number, number, number];
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const ask = async (query: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/agent/query',
      headers: owner.auth,
      payload: { query, session_id: crypto.randomUUID(), id_usuario: owner.id, timezone: 'UTC' },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { response: string }).response;
  };

  it('finds the calls that mentioned a competitor or a decision maker, however it was said', async () => {
    for (const q of ['Which calls mentioned a competitor?', "Quels appels parlent d'un concurrent ?"]) {
      const text = await ask(q);
      expect(text).toContain(link(roofing));
      expect(text).not.toContain(link(french));
      expect(text).not.toMatch(/\b0 (?:calls|appel)\b/u);
    }
    for (const q of ['Which calls mention a decision maker?', 'Which calls mentioned their wife?']) {
      const text = await ask(q);
      expect(text).toContain(link(roofing));
      expect(text).not.toContain(link(cold));
    }
  });

  it('finds the calls that mention pricing from what was said and the price objections', async () => {
    const en = await ask('Which calls mention pricing?');
    const fr = await ask('Quels appels mentionnent le prix ?');
    for (const text of [en, fr]) {
      for (const id of [discovery, french, roofing, cold]) expect(text).toContain(link(id));
    }
    expect(fr).toContain('Appels sur « prix »');
  });

  it('summarizes a call by a name said in it, with or without a title', async () => {
    const james = await ask('Summarize the cold call with James');
    expect(james).toContain(link(cold));
    expect(james).toContain('Latest call with James');
    const martin = await ask("Résume l'appel avec madame Martin");
    expect(martin).toContain(link(french));
    expect(martin).toContain('Dernier appel avec madame Martin');
    expect(martin).toContain('Résumé');
  });

  it('gives the average lead score whatever the tense of the question', async () => {
    const past = await ask('What was the average lead score this week?');
    const present = await ask('What is the average lead score this week?');
    expect(past).toContain('Avg lead score');
    expect(past).toBe(present);
  });

  it('writes numbers as the answer’s language does (47,8 in French)', async () => {
    const fr = await ask("Quels sont les chiffres de l'équipe cette semaine ?");
    const en = await ask('Team figures this week');
    // The four samples' lead scores average to a decimal.
    const average = /\| (\d+[.,]\d) \|$/mu;
    expect(fr).toMatch(/\| \d+,\d \|$/mu);
    expect(en).toMatch(/\| \d+\.\d \|$/mu);
    expect(fr.match(average)?.[1]?.replace(',', '.')).toBe(en.match(average)?.[1]);
  });

  it('gives the prices quoted in a call named by its subject or by the person', async () => {
    const roof = await ask('What price did we quote in the roofing call?');
    expect(roof).toContain(link(roofing));
    expect(roof).toMatch(/Pricing discussed:\*\* \$/u);
    const martin = await ask('Quel prix avons-nous annoncé à madame Martin ?');
    expect(martin).toContain(link(french));
    expect(martin).toMatch(/Prix évoqués :\*\* \d/u);
  });
});
