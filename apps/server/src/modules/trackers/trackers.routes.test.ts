/**
 * Trackers on the real app and both databases: the shipped defaults, CRUD with bounded inputs,
 * the role matrix, cross-tenant 404s, mentions stored with time and speaker by the analysis step,
 * re-analysis and the re-apply job picking up a new tracker.
 */
import { hash } from '@node-rs/argon2';
import type { RecordingTrackerHits, ReapplyRun, Tracker } from '@call-insights/contracts/trackers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';

type Account = { id: number; organizationId: number; auth: { authorization: string } };

const CALL = [
  { speaker: 'Speaker 1', start: 0, end: 4.5, text: 'Thanks for calling Summit Roofing, how can I help?' },
  {
    speaker: 'Speaker 2',
    start: 4.5,
    end: 11,
    text: 'Hi. I got a quote from another company last week. What is your warranty?',
  },
  { speaker: 'Speaker 1', start: 11, end: 15, text: 'Ten years on labour. What budget do you have in mind?' },
  {
    speaker: 'Speaker 2',
    start: 15,
    end: 21.25,
    text: "I need to talk to my wife, she's the decision maker.",
  },
];

describe.each(BACKENDS)('trackers (%s)', (backend) => {
  let h: Harness;
  let admin: Account;
  let manager: Account;
  let member: Account;
  let stranger: Account;

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Account, payload?: unknown) =>
    h.app.inject({
      method,
      url,
      headers: who?.auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function account(user: CreatedUser): Promise<Account> {
    const me = await h.app.inject({ method: 'GET', url: `/api/users/userId/${user.id}`, headers: user.auth });
    return { id: user.id, organizationId: me.json().organizationId, auth: user.auth };
  }

  async function addMember(organizationId: number, role: 'user' | 'manager'): Promise<Account> {
    const email = `${role}_${Math.random().toString(36).slice(2, 8)}@example.com`;
    const [row] = await h.database.db
      .insert(users)
      .values({
        organizationId,
        firstName: 'Mem',
        lastName: 'Ber',
        username: email.split('@')[0]!,
        email,
        passwordHash: await hash('member password'),
        role,
      })
      .returning({ id: users.id });
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'member password' },
    });
    return { id: row!.id, organizationId, auth: { authorization: `Token ${login.json().accessToken}` } };
  }

  async function importCall(who: Account, segments = CALL): Promise<number> {
    const row = await h.container.recordings.createWithTranscript(
      { id: who.id, organizationId: who.organizationId, role: 'admin', email: 'x@example.com' },
      { source: 'sample', originalName: 'call.wav', segments, durationSec: 21.25 },
    );
    return row.id;
  }

  async function waitDone(who: Account, id: number) {
    for (let i = 0; i < 300; i++) {
      const r = await req('GET', `/api/analysis/analysis?id=${id}`, who);
      if (r.json().status === 'done') return;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('analysis did not finish');
  }

  const hitsOf = async (who: Account, id: number) => {
    const r = await req('GET', `/api/recordings/${id}/tracker-hits`, who);
    expect(r.statusCode).toBe(200);
    return r.json<RecordingTrackerHits>().trackers;
  };
  const named = (list: RecordingTrackerHits['trackers'], name: string) =>
    list.find((t) => t.name === name)?.hits;

  beforeAll(async () => {
    h = await createHarness(backend, {}, { worker: true });
    admin = await account(await createUser(h.app));
    manager = await addMember(admin.organizationId, 'manager');
    member = await addMember(admin.organizationId, 'user');
    stranger = await account(await createUser(h.app));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('gives every organization the four default trackers once, and never brings a deleted one back', async () => {
    const first = await req('GET', '/api/trackers', member);
    expect(first.statusCode).toBe(200);
    const list = first.json<{ trackers: Tracker[] }>().trackers;
    expect(list.map((t) => t.name)).toEqual(['Competitors', 'Budget', 'Timing', 'Decision makers']);
    expect(list.every((t) => t.builtIn && t.phrases.en.length > 0 && t.phrases.fr.length > 0)).toBe(true);
    expect(list.find((t) => t.name === 'Competitors')?.phrases.fr).toContain('autre devis');
    const again = (await req('GET', '/api/trackers', admin)).json<{ trackers: Tracker[] }>().trackers;
    expect(again.map((t) => t.id)).toEqual(list.map((t) => t.id));
    // Each keeps its default name, which the interface shows in the reader's language.
    expect(list.map((t) => t.defaultName)).toEqual(['competitors', 'budget', 'timing', 'decision-makers']);

    const other = await createUser(h.app);
    const otherAccount = await account(other);
    const theirs = (await req('GET', '/api/trackers', otherAccount)).json<{ trackers: Tracker[] }>().trackers;
    const timing = theirs.find((t) => t.name === 'Timing')!;
    expect((await req('DELETE', `/api/trackers/${timing.id}`, otherAccount)).statusCode).toBe(204);
    const after = (await req('GET', '/api/trackers', otherAccount)).json<{ trackers: Tracker[] }>().trackers;
    expect(after.map((t) => t.name)).toEqual(['Competitors', 'Budget', 'Decision makers']);

    // A default tracker renamed is named as the organization wrote it.
    const third = await account(await createUser(h.app));
    const budget = (await req('GET', '/api/trackers', third))
      .json<{ trackers: Tracker[] }>()
      .trackers.find((t) => t.name === 'Budget')!;
    const renamed = await req('PUT', `/api/trackers/${budget.id}`, third, {
      name: 'Money talk',
      phrases: budget.phrases,
    });
    expect(renamed.json<Tracker>()).toMatchObject({ name: 'Money talk', defaultName: null, builtIn: true });
  });

  it('creates, edits and deletes trackers with bounded, checked inputs', async () => {
    const created = await req('POST', '/api/trackers', manager, {
      name: 'Pricing pushback',
      phrases: { en: ['too pricey', ' too pricey ', 'Too-Pricey'], fr: ['hors de prix'] },
    });
    expect(created.statusCode).toBe(201);
    const tracker = created.json<Tracker>();
    // The three spellings are one phrase once normalised: the first is kept.
    expect(tracker).toMatchObject({
      name: 'Pricing pushback',
      defaultName: null,
      builtIn: false,
      phrases: { en: ['too pricey'], fr: ['hors de prix'] },
    });

    const duplicate = await req('POST', '/api/trackers', admin, {
      name: 'PRICING PUSHBACK',
      phrases: { en: ['x'], fr: [] },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('A tracker named "PRICING PUSHBACK" already exists.');
    const french = await h.app.inject({
      method: 'POST',
      url: '/api/trackers',
      headers: { ...admin.auth, 'accept-language': 'fr' },
      payload: { name: 'Pricing pushback', phrases: { en: ['x'], fr: [] } },
    });
    expect(french.json().error.message).toBe('Un tracker nommé « Pricing pushback » existe déjà.');

    const bad = [
      { name: '', phrases: { en: ['a'], fr: [] } },
      { name: 'x'.repeat(61), phrases: { en: ['a'], fr: [] } },
      { name: 'No phrases', phrases: { en: [], fr: [] } },
      { name: 'Long phrase', phrases: { en: ['x'.repeat(81)], fr: [] } },
      { name: 'Many', phrases: { en: Array.from({ length: 31 }, (_, i) => `p${i}`), fr: [] } },
      { name: 'Extra', phrases: { en: ['a'], fr: [] }, colour: 'red' },
      { name: 'No language', phrases: { en: ['a'] } },
    ];
    for (const body of bad) {
      const r = await req('POST', '/api/trackers', admin, body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.json().error.code).toBe('VALIDATION_FAILED');
    }
    const wordless = await req('POST', '/api/trackers', admin, {
      name: 'Symbols',
      phrases: { en: ['ok', '!!!'], fr: [] },
    });
    expect(wordless.statusCode).toBe(400);
    expect(wordless.json().error.fields).toEqual([
      { path: 'phrases.en.1', message: 'A phrase needs at least one word or number.' },
    ]);

    const edited = await req('PUT', `/api/trackers/${tracker.id}`, manager, {
      name: 'Price pushback',
      phrases: { en: ['too pricey', 'overpriced'], fr: [] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Tracker>()).toMatchObject({
      id: tracker.id,
      name: 'Price pushback',
      phrases: { en: ['too pricey', 'overpriced'], fr: [] },
    });
    const clash = await req('PUT', `/api/trackers/${tracker.id}`, manager, {
      name: 'budget',
      phrases: { en: ['a'], fr: [] },
    });
    expect(clash.statusCode).toBe(409);

    expect((await req('DELETE', `/api/trackers/${tracker.id}`, admin)).statusCode).toBe(204);
    expect((await req('DELETE', `/api/trackers/${tracker.id}`, admin)).statusCode).toBe(404);
    expect(
      (
        await req('PUT', `/api/trackers/${tracker.id}`, admin, {
          name: 'Back',
          phrases: { en: ['a'], fr: [] },
        })
      ).statusCode,
    ).toBe(404);
    // The name is free again once deleted.
    const reused = await req('POST', '/api/trackers', admin, {
      name: 'Price pushback',
      phrases: { en: ['overpriced'], fr: [] },
    });
    expect(reused.statusCode).toBe(201);
    expect((await req('DELETE', `/api/trackers/${reused.json().id}`, admin)).statusCode).toBe(204);
    expect(
      (await req('PUT', '/api/trackers/0', admin, { name: 'a', phrases: { en: ['a'], fr: [] } })).statusCode,
    ).toBe(400);
    expect((await req('DELETE', '/api/trackers/99999999999', admin)).statusCode).toBe(400);
  });

  it('lets members read and managers and admins change (role matrix)', async () => {
    const body = (n: string) => ({ name: n, phrases: { en: ['matrix phrase'], fr: [] } });
    const callId = await importCall(admin);
    await waitDone(admin, callId);
    const ownCall = await importCall(member);
    await waitDone(member, ownCall);
    // A user reads the mentions of their own calls only; managers and admins, of every call.
    expect((await req('GET', `/api/recordings/${callId}/tracker-hits`, member)).statusCode).toBe(404);
    for (const [who, label, canChange] of [
      [member, 'user', false],
      [manager, 'manager', true],
      [admin, 'admin', true],
    ] as const) {
      expect((await req('GET', '/api/trackers', who)).statusCode, label).toBe(200);
      expect((await req('GET', `/api/recordings/${ownCall}/tracker-hits`, who)).statusCode, label).toBe(200);
      const created = await req('POST', '/api/trackers', who, body(`Matrix ${label}`));
      expect(created.statusCode, label).toBe(canChange ? 201 : 403);
      const target = canChange
        ? created.json().id
        : (await req('POST', '/api/trackers', admin, body(`For ${label}`))).json().id;
      expect(
        (await req('PUT', `/api/trackers/${target}`, who, body(`Matrix ${label} 2`))).statusCode,
        label,
      ).toBe(canChange ? 200 : 403);
      const run = await req('POST', '/api/trackers/reapply', who);
      expect(run.statusCode, label).toBe(canChange ? 202 : 403);
      const runId = canChange ? run.json().id : (await req('POST', '/api/trackers/reapply', admin)).json().id;
      expect((await req('GET', `/api/trackers/reapply/${runId}`, who)).statusCode, label).toBe(
        canChange ? 200 : 403,
      );
      expect((await req('DELETE', `/api/trackers/${target}`, who)).statusCode, label).toBe(
        canChange ? 204 : 403,
      );
      if (!canChange) expect((await req('DELETE', `/api/trackers/${target}`, admin)).statusCode).toBe(204);
    }
    for (const [method, url] of [
      ['GET', '/api/trackers'],
      ['POST', '/api/trackers'],
      ['PUT', '/api/trackers/1'],
      ['DELETE', '/api/trackers/1'],
      ['POST', '/api/trackers/reapply'],
      ['GET', '/api/trackers/reapply/1'],
      ['GET', `/api/recordings/${callId}/tracker-hits`],
    ] as const) {
      const r = await req(
        method,
        url,
        undefined,
        method === 'POST' || method === 'PUT' ? body('Anon') : undefined,
      );
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another organization's trackers, calls and runs", async () => {
    const theirs = (await req('GET', '/api/trackers', stranger)).json<{ trackers: Tracker[] }>().trackers[0]!;
    const callId = await importCall(stranger);
    const run = (await req('POST', '/api/trackers/reapply', stranger)).json<ReapplyRun>();
    const body = { name: 'Stolen', phrases: { en: ['a'], fr: [] } };
    expect((await req('PUT', `/api/trackers/${theirs.id}`, admin, body)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/trackers/${theirs.id}`, admin)).statusCode).toBe(404);
    expect((await req('GET', `/api/recordings/${callId}/tracker-hits`, admin)).statusCode).toBe(404);
    expect((await req('GET', `/api/trackers/reapply/${run.id}`, admin)).statusCode).toBe(404);
    // Still theirs, untouched.
    const still = (await req('GET', '/api/trackers', stranger)).json<{ trackers: Tracker[] }>().trackers[0]!;
    expect(still).toEqual(theirs);
  });

  it('stores each mention with its time, speaker and sentence when a call is analysed', async () => {
    const id = await importCall(admin);
    await waitDone(admin, id);
    const trackers = await hitsOf(admin, id);
    expect(named(trackers, 'Competitors')).toEqual([
      {
        speaker: 'Speaker 2',
        start: 4.5,
        end: 11,
        phrase: 'another company',
        said: 'another company',
        sentence: 'I got a quote from another company last week.',
      },
    ]);
    expect(named(trackers, 'Budget')).toEqual([
      {
        speaker: 'Speaker 1',
        start: 11,
        end: 15,
        phrase: 'budget',
        said: 'budget',
        sentence: 'What budget do you have in mind?',
      },
    ]);
    // "my wife" and "decision maker", both said by the prospect in the last segment.
    expect(
      named(trackers, 'Decision makers')?.map((hit) => [hit.phrase, hit.speaker, hit.start, hit.end]),
    ).toEqual([
      ['my wife', 'Speaker 2', 15, 21.25],
      ['decision maker', 'Speaker 2', 15, 21.25],
    ]);
    expect(named(trackers, 'Timing')).toEqual([]);
  });

  it("applies a new tracker when a call is re-analysed, and drops a deleted tracker's mentions", async () => {
    const id = await importCall(admin);
    await waitDone(admin, id);
    expect(named(await hitsOf(admin, id), 'Warranty')).toBeUndefined();
    const warranty = (
      await req('POST', '/api/trackers', admin, {
        name: 'Warranty',
        phrases: { en: ['warranty'], fr: ['garantie'] },
      })
    ).json<Tracker>();
    // Older calls keep their mentions until re-analysed or re-applied.
    expect(named(await hitsOf(admin, id), 'Warranty')).toEqual([]);
    expect((await req('POST', `/api/recordings/${id}/reanalyze`, manager)).statusCode).toBe(200);
    await waitDone(admin, id);
    expect(named(await hitsOf(admin, id), 'Warranty')).toEqual([
      {
        speaker: 'Speaker 2',
        start: 4.5,
        end: 11,
        phrase: 'warranty',
        said: 'warranty',
        sentence: 'What is your warranty?',
      },
    ]);
    expect((await req('DELETE', `/api/trackers/${warranty.id}`, admin)).statusCode).toBe(204);
    expect(named(await hitsOf(admin, id), 'Warranty')).toBeUndefined();
  });

  it('filters the recordings list by tracker, within the organization only', async () => {
    const org = await account(await createUser(h.app));
    const mentioning = await importCall(org);
    const silent = await importCall(org, CALL.slice(0, 1));
    await waitDone(org, mentioning);
    await waitDone(org, silent);
    const list = (await req('GET', '/api/trackers', org)).json<{ trackers: Tracker[] }>().trackers;
    const competitors = list.find((t) => t.name === 'Competitors')!;
    const timing = list.find((t) => t.name === 'Timing')!;
    const ids = async (query: string) => {
      const r = await req('GET', `/api/analysis/transcriptions?${query}`, org);
      expect(r.statusCode, query).toBe(200);
      return { ids: r.json().items.map((i: { id: number }) => i.id), total: r.json().total };
    };
    expect(await ids('')).toEqual({ ids: [silent, mentioning], total: 2 });
    expect(await ids(`tracker_id=${competitors.id}`)).toEqual({ ids: [mentioning], total: 1 });
    expect(await ids(`tracker_id=${timing.id}`)).toEqual({ ids: [], total: 0 });
    // With a search: both must hold ("roofing" is in both calls, "warranty" only in the first).
    expect(await ids(`tracker_id=${competitors.id}&q=roofing`)).toEqual({ ids: [mentioning], total: 1 });
    expect(await ids(`tracker_id=${competitors.id}&q=nothingsaidlikethis`)).toEqual({ ids: [], total: 0 });

    // After re-applying a new tracker the filter sees the new mentions at once.
    const labour = (
      await req('POST', '/api/trackers', org, { name: 'Labour', phrases: { en: ['labour'], fr: [] } })
    ).json<Tracker>();
    expect(await ids(`tracker_id=${labour.id}`)).toEqual({ ids: [], total: 0 });
    const run = (await req('POST', '/api/trackers/reapply', org)).json<ReapplyRun>();
    for (let i = 0; i < 300; i++) {
      const status = (await req('GET', `/api/trackers/reapply/${run.id}`, org)).json<ReapplyRun>();
      if (status.status === 'done') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(await ids(`tracker_id=${labour.id}`)).toEqual({ ids: [mentioning], total: 1 });

    const theirs = (await req('GET', '/api/trackers', stranger)).json<{ trackers: Tracker[] }>().trackers[0]!;
    const foreign = await req('GET', `/api/analysis/transcriptions?tracker_id=${theirs.id}`, org);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('This tracker was not found.');
    expect((await req('GET', '/api/analysis/transcriptions?tracker_id=abc', org)).statusCode).toBe(400);

    // The CSV export follows the same filter: the calls on screen are the calls exported.
    const csv = async (query: string) => {
      const r = await req('GET', `/api/recordings/export.csv?${query}`, org);
      expect(r.statusCode, query).toBe(200);
      return r.body.trim().split('\r\n').length - 1; // data rows after the header
    };
    expect(await csv('')).toBe(2);
    expect(await csv(`tracker_id=${competitors.id}`)).toBe(1);
    expect(await csv(`tracker_id=${timing.id}`)).toBe(0);
    expect(await csv(`tracker_id=${competitors.id}&q=roofing`)).toBe(1);
    const foreignCsv = await req('GET', `/api/recordings/export.csv?tracker_id=${theirs.id}`, org);
    expect(foreignCsv.statusCode).toBe(404);
    expect(foreignCsv.headers['content-type']).toMatch(/application\/json/);
    expect(foreignCsv.json().error.message).toBe('This tracker was not found.');
    expect((await req('GET', '/api/analysis/transcriptions?tracker_id=2147483648', org)).statusCode).toBe(
      400,
    );
  });

  it('re-applies a changed tracker to older calls with a background job', async () => {
    const org = await account(await createUser(h.app));
    const ids = [await importCall(org), await importCall(org), await importCall(org, CALL.slice(0, 1))];
    for (const id of ids) await waitDone(org, id);
    const labour = (
      await req('POST', '/api/trackers', org, {
        name: 'Labour',
        phrases: { en: ['labour', 'roofing'], fr: [] },
      })
    ).json<Tracker>();
    const started = await req('POST', '/api/trackers/reapply', org);
    expect(started.statusCode).toBe(202);
    const run = started.json<ReapplyRun>();
    expect(run).toMatchObject({ status: 'running', total: 3 });
    let status = run;
    for (let i = 0; i < 300 && status.status === 'running'; i++) {
      await new Promise((res) => setTimeout(res, 100));
      status = (await req('GET', `/api/trackers/reapply/${run.id}`, org)).json<ReapplyRun>();
    }
    expect(status).toMatchObject({ status: 'done', processed: 3, total: 3 });
    expect(status.finishedAt).not.toBeNull();
    // Calls 1 and 2: "Summit Roofing" (segment 1) and "labour" (segment 3); call 3 has segment 1 only.
    const said = async (id: number) => named(await hitsOf(org, id), labour.name)?.map((hit) => hit.said);
    expect(await said(ids[0]!)).toEqual(['Roofing', 'labour']);
    expect(await said(ids[1]!)).toEqual(['Roofing', 'labour']);
    expect(await said(ids[2]!)).toEqual(['Roofing']);

    // A run started while another is going supersedes it; an organization without calls is done at once.
    const empty = await account(await createUser(h.app));
    expect((await req('POST', '/api/trackers/reapply', empty)).json<ReapplyRun>()).toMatchObject({
      status: 'done',
      total: 0,
    });
  });
});
