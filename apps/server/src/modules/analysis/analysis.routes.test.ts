import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { waitForRecording } from '../../test-support/recordings-client.js';

describe.each(BACKENDS)('call analysis, coaching and sharing on %s', (backend) => {
  let h: Harness;
  let owner: CreatedUser;
  let ids: number[];

  beforeAll(async () => {
    h = await createHarness(
      backend,
      { SHARE_RATE_LIMIT_MAX: '8', PUBLIC_URL: 'https://calls.example.com' },
      { worker: true },
    );
    owner = await createUser(h.app);
    const res = await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: owner.auth });
    ids = res.json().ids;
    for (const id of ids) await waitForRecording(h.app, owner.auth, id);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, headers: Record<string, string> = owner.auth) =>
    h.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Record<string, string> = owner.auth) =>
    h.app.inject({ method: 'POST', url, payload, headers });

  it('returns the analysed call: transcript, segments, analysis, metrics, and no secrets', async () => {
    const res = await get(`/api/analysis/analysis?id=${ids[0]}`);
    expect(res.statusCode).toBe(200);
    const rec = res.json();
    expect(rec).toMatchObject({
      id: ids[0],
      status: 'done',
      hasAudio: true,
      location: null,
      num_speakers: 2,
    });
    expect(rec.segments.length).toBeGreaterThan(3);
    expect(rec.transcription.length).toBeGreaterThan(50);
    expect(rec.analysis.analyzer).toBe('rules');
    expect(['appointment', 'follow_up', 'not_interested', 'other']).toContain(rec.analysis.result_class);
    expect(rec.analysis.questions.length).toBe(rec.analysis.answers.length);
    expect(rec.analysis.call_summary.length).toBeGreaterThan(0);
    expect(rec.metrics.speakers).toHaveLength(2);
    const ratios = rec.metrics.speakers.reduce((a: number, s: { talk_ratio: number }) => a + s.talk_ratio, 0);
    expect(ratios).toBeCloseTo(1, 2);
    expect(res.body).not.toMatch(/storage|org-\d+\/|sealed|token|password/i);
  });

  it('finds the pricing, objection and outcome of the roofing follow-up sample', async () => {
    const list = (await get('/api/analysis/transcriptions')).json();
    const roofing = list.items.find((i: { file: { originalname: string } }) =>
      /roof/i.test(i.file.originalname),
    );
    const rec = (await get(`/api/analysis/analysis?id=${roofing.id}`)).json();
    expect(rec.analysis.pricing_discussed.length).toBeGreaterThan(0);
    expect(rec.analysis.pricing_discussed.join(' ')).toMatch(/\$/);
    expect(rec.analysis.result_class).toBe('follow_up');
  });

  it('keeps other tenants out', async () => {
    const stranger = await createUser(h.app);
    expect((await get(`/api/analysis/analysis?id=${ids[0]}`, stranger.auth)).statusCode).toBe(404);
    expect((await post('/api/analysis/link-generator', { id: ids[0] }, stranger.auth)).statusCode).toBe(404);
    const coach = await post(
      '/api/analysis/coaching',
      { id: ids[0], transcription: 'x', coach_name: h.container.catalogue.coaches[0]!.name, method: 'NEPQ' },
      stranger.auth,
    );
    expect(coach.statusCode).toBe(404);
    expect((await get(`/api/analysis/analysis?id=${ids[0]}`, {})).statusCode).toBe(401);
    expect((await get('/api/analysis/analysis?id=abc')).statusCode).toBe(400);
  });

  it('answers bad input with field errors, and other tenants’ ids with 404', async () => {
    expect((await post('/api/analysis/link-generator', {})).statusCode).toBe(400);
    const badId = await post('/api/analysis/link-generator', { id: 'abc' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields[0].path).toBe('id');
    expect((await post('/api/analysis/link-generator', { id: 999_999 })).statusCode).toBe(404);
    const malformed = await h.app.inject({
      method: 'POST',
      url: '/api/analysis/coaching',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(malformed.statusCode).toBe(400);
    const missing = await post('/api/analysis/coaching', { id: ids[0] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['coach_name', 'method']),
    );
    const badLink = await h.app.inject({
      method: 'DELETE',
      url: '/api/analysis/shareable?link=../../etc',
      headers: owner.auth,
    });
    expect(badLink.statusCode).toBe(400);
    expect((await get('/api/analysis/shareable?link=')).statusCode).toBe(404);
    const stranger = await createUser(h.app);
    expect((await post(`/api/recordings/${ids[0]}/reanalyze`, {}, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/recordings/${ids[0]}/share-links`, stranger.auth)).statusCode).toBe(404);
  });

  it('takes ids as numbers or plain digits up to 2147483647 only, with a field error on id', async () => {
    const coach = h.container.catalogue.coaches[0]!.name;
    const coaching = (id: unknown) =>
      post('/api/analysis/coaching', { id, transcription: 'x', coach_name: coach, method: 'NEPQ' });
    for (const id of [2147483648, '2147483648', '99999999999999999999']) {
      const res = await coaching(id);
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json().error.fields).toEqual([
        { path: 'id', message: expect.stringContaining('2147483647') },
      ]);
    }
    for (const id of ['0x1', ' 1', '1e0', '', true, 0]) {
      const res = await coaching(id);
      expect(res.statusCode, JSON.stringify(id)).toBe(400);
      expect(res.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['id']);
    }
    // Digits as text still name the recording.
    expect((await coaching(String(ids[0]))).statusCode).toBe(200);

    // A boolean is no recording id where ids were coerced either (it used to share recording 1).
    for (const id of [true, '0x1', '1e0', '2147483648']) {
      const link = await post('/api/analysis/link-generator', { id });
      expect(link.statusCode, JSON.stringify(id)).toBe(400);
      expect(link.json().error.fields[0].path).toBe('id');
    }
    expect((await get('/api/analysis/analysis?id=0x1')).statusCode).toBe(400);
    expect((await get('/api/analysis/analysis?id=99999999999999999999')).statusCode).toBe(400);
    expect((await get(`/api/analysis/analysis?id=${ids[0]}`)).statusCode).toBe(200);
  });

  it('gives NEPQ coaching from the catalogue and saves it on the recording', async () => {
    const catalogue = (await get('/api/analysis/coaches')).json();
    const coach = catalogue.coaches[0];
    expect(coach.methods).toContain('NEPQ');
    const res = await post('/api/analysis/coaching', {
      id: ids[0],
      transcription: 'ignored: the stored transcript is used',
      coach_name: coach.name,
      method: 'NEPQ',
    });
    expect(res.statusCode).toBe(200);
    const { coaching } = res.json() as { coaching: string };
    const lines = coaching.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(7);
    expect(lines.every((l) => /^[^:]{2,60}:\s\S/.test(l))).toBe(true);
    expect(coaching).toMatch(/Connecting/i);
    expect((await get(`/api/analysis/analysis?id=${ids[0]}`)).json().coaching).toBe(coaching);

    const badCoach = await post('/api/analysis/coaching', {
      id: ids[0],
      transcription: '',
      coach_name: 'Nobody',
      method: 'NEPQ',
    });
    expect(badCoach.statusCode).toBe(400);
    expect(badCoach.json().error.fields[0].path).toBe('coach_name');
    const badMethod = await post('/api/analysis/coaching', {
      id: ids[0],
      transcription: '',
      coach_name: coach.name,
      method: 'SPIN',
    });
    expect(badMethod.statusCode).toBe(400);
    expect(
      (
        await post('/api/analysis/coaching', {
          id: 'abc',
          transcription: '',
          coach_name: coach.name,
          method: 'NEPQ',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('coaches a French call in French and an English call in English, whoever reads them', async () => {
    const fr = { ...owner.auth, 'accept-language': 'fr-FR,fr;q=0.9' };
    const list = (await get('/api/analysis/transcriptions')).json() as {
      items: { id: number; file: { originalname: string } }[];
    };
    const frenchCall = list.items.find((i) => i.file.originalname.startsWith('Appel de découverte'))!.id;
    const englishCall = list.items.find((i) => /roof/i.test(i.file.originalname))!.id;

    // The catalogue carries the French texts the screen shows a French reader.
    const catalogue = (await get('/api/analysis/coaches', fr)).json();
    expect(catalogue.coaches[0].name_fr).toBe('Alex Morgan (coach NEPQ)');
    expect(catalogue.methods[0].description_fr).toMatch(/^Vente par questions/u);
    const coachName = catalogue.coaches[0].name as string;

    const asked = async (id: number, headers: Record<string, string>) => {
      const res = await post(
        '/api/analysis/coaching',
        { id, transcription: '', coach_name: coachName, method: 'NEPQ' },
        headers,
      );
      expect(res.statusCode).toBe(200);
      return (res.json() as { coaching: string }).coaching;
    };
    const french = await asked(frenchCall, fr);
    const lines = french.split('\n');
    expect(lines[0]).toMatch(/^Questions de connexion : (présentes|absentes)/u);
    expect(lines.some((l) => l.startsWith('Nombre de questions : vous avez posé'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Bilan : /u);
    // Every line missing a question type says what it is, in French.
    for (const line of lines.filter((l) => l.includes(' : absentes.')))
      expect(line).toMatch(/absentes\. [A-ZÀ-Ý][^«]+ Essayez : « .+ »$/u);
    expect(french).not.toMatch(/Connecting|questions:|Missing|Try:|Talk ratio|Overall/u);
    expect((await get(`/api/analysis/analysis?id=${frenchCall}`, fr)).json().coaching).toBe(french);
    // The call's language decides, not the reader's: an English reader asking gets the same words.
    expect(await asked(frenchCall, owner.auth)).toBe(french);

    const english = await asked(englishCall, fr);
    expect(english.split('\n')[0]).toMatch(/^Connecting questions: (Done|Missing)/u);
    expect(english).toMatch(/^Overall: /mu);
  });

  it('re-runs the analysis on demand', async () => {
    const res = await post(`/api/recordings/${ids[1]}/reanalyze`, {});
    expect(res.statusCode).toBe(200);
    expect((await waitForRecording(h.app, owner.auth, ids[1]!)).status).toBe('done');
    expect((await get(`/api/analysis/analysis?id=${ids[1]}`)).json().analysis).not.toBeNull();
  });

  it('shares by a public link that shows only the share page content, and dies when revoked', async () => {
    const created = await post('/api/analysis/link-generator', { id: ids[2] });
    expect(created.statusCode).toBe(200);
    const { link, token } = created.json() as { link: string; token: string };
    expect(link).toBe(`https://calls.example.com/share/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await post('/api/analysis/link-generator', { id: ids[2] })).json().token).toBe(token);

    const shared = await h.app.inject({ method: 'GET', url: `/api/analysis/shareable?link=${token}` });
    expect(shared.statusCode).toBe(200);
    const body = shared.json();
    expect(body.analysis).not.toBeNull();
    expect(body.segments.length).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('hasAudio');
    expect(shared.body).not.toContain(token);
    expect(shared.body).not.toMatch(/access_?token|refresh_?token|storage|sealed|org-\d+\//i);
    expect(shared.body).not.toContain(owner.token);
    expect(shared.headers['cache-control']).toBe('no-store');

    const links = (await get(`/api/recordings/${ids[2]}/share-links`)).json().links;
    expect(links.map((l: { token: string }) => l.token)).toEqual([token]);

    const stranger = await createUser(h.app);
    const foreignRevoke = await h.app.inject({
      method: 'DELETE',
      url: `/api/analysis/shareable?link=${token}`,
      headers: stranger.auth,
    });
    expect(foreignRevoke.statusCode).toBe(404);
    const revoke = await h.app.inject({
      method: 'DELETE',
      url: `/api/analysis/shareable?link=${token}`,
      headers: owner.auth,
    });
    expect(revoke.statusCode).toBe(204);
    const dead = await h.app.inject({ method: 'GET', url: `/api/analysis/shareable?link=${token}` });
    expect(dead.statusCode).toBe(404);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: `/api/analysis/shareable?link=${token}`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(404);
    const fresh = (await post('/api/analysis/link-generator', { id: ids[2] })).json().token;
    expect(fresh).not.toBe(token);
  });

  it('lets a share link expire after the days chosen, or never', async () => {
    const open = (token: string) =>
      h.app.inject({
        method: 'GET',
        url: `/api/analysis/shareable?link=${token}`,
        remoteAddress: '10.9.9.9',
      });
    const created = await post('/api/analysis/link-generator', { id: ids[1], expires_in_days: 7 });
    expect(created.statusCode).toBe(200);
    const { token, expiresAt } = created.json() as { token: string; expiresAt: string };
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect((await open(token)).statusCode).toBe(200);
    const listed = await get(`/api/recordings/${ids[1]}/share-links`);
    expect(listed.json().links).toEqual([expect.objectContaining({ token, expiresAt })]);

    // Choosing again changes the same link's expiry: 90 days, then never.
    const longer = await post('/api/analysis/link-generator', { id: ids[1], expires_in_days: 90 });
    expect(longer.json().token).toBe(token);
    expect((Date.parse(longer.json().expiresAt) - Date.now()) / 86_400_000).toBeGreaterThan(89.99);
    const never = await post('/api/analysis/link-generator', { id: ids[1], expires_in_days: null });
    expect(never.json()).toMatchObject({ token, expiresAt: null });
    expect((await post('/api/analysis/link-generator', { id: ids[1], expires_in_days: 5 })).statusCode).toBe(
      400,
    );

    // Once the day has passed the link opens nothing and is no longer listed; sharing makes a new one.
    await post('/api/analysis/link-generator', { id: ids[1], expires_in_days: 30 });
    await h.database.db.execute(
      sql`update share_links set expires_at = now() - interval '1 minute' where recording_id = ${ids[1]}`,
    );
    const gone = await open(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(
      'This shared analysis does not exist, or its link was revoked or has expired.',
    );
    expect((await get(`/api/recordings/${ids[1]}/share-links`)).json().links).toEqual([]);
    const fresh = await post('/api/analysis/link-generator', { id: ids[1] });
    expect(fresh.json().token).not.toBe(token);
    expect(fresh.json().expiresAt).toBeNull();
  });

  it('answers unknown links with 404 and rate-limits guessing with 429', async () => {
    const guess = (t: string) =>
      h.app.inject({
        method: 'GET',
        url: `/api/analysis/shareable?link=${t}`,
        remoteAddress: '198.51.100.9',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await guess(`guess${i}AAAAAAAAAAAAAAAAA`)).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    expect((await guess('x')).json().error.code).toBe('RATE_LIMITED');
  });
});
