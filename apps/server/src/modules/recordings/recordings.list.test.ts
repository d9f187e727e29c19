/**
 * The recordings list's paging and counts on both databases: keyset cursors (no row twice or missing
 * while rows arrive, previous and next, tenancy), page numbers, trigger-kept totals, search counts
 * that follow every change, and broad searches past the count cap.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses, recordings } from '../../db/schema.js';
import { insertCall } from '../../test-support/assistant-seed.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { csvLine } from '../../lib/csv.js';
import type { ListKey } from './list-cursor.js';
import { createRecordingsRepository, formatDateTime, type ListPosition } from './recordings.repository.js';

type ListBody = {
  items: { id: number; file: { originalname: string } }[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageCount: number;
  next_cursor: string | null;
  prev_cursor: string | null;
};

describe.each(BACKENDS)('recordings list paging on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function orgOf(u: CreatedUser): Promise<number> {
    const me = await h.app.inject({ method: 'GET', url: `/api/users/userId/${u.id}`, headers: u.auth });
    return (me.json() as { organizationId: number }).organizationId;
  }

  /** Inserts recordings through the repository (as ingest does); `at` in minutes after 2026-01-01. */
  async function seed(u: CreatedUser, rows: { name: string; at: number; transcript?: string }[]) {
    const organizationId = await orgOf(u);
    const ids: number[] = [];
    for (const r of rows) {
      const row = await h.container.recordingsRepo.insert({
        organizationId,
        userId: u.id,
        source: 'uploaded_file',
        originalName: r.name,
        createdAt: new Date(Date.UTC(2026, 0, 1) + r.at * 60_000),
        status: 'done',
        transcriptText: r.transcript ?? null,
      });
      ids.push(row.id);
    }
    return ids;
  }

  async function list(u: CreatedUser, params: Record<string, string> = {}, language?: string) {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/analysis/transcriptions?${new URLSearchParams(params)}`,
      headers: language ? { ...u.auth, 'accept-language': language } : u.auth,
    });
    return { status: res.statusCode, body: res.json() as ListBody };
  }

  const names = (b: ListBody) => b.items.map((i) => i.file.originalname);

  /** Follows next_cursor from page 1 to the end; `between` runs after each page. */
  async function walkForward(
    u: CreatedUser,
    params: Record<string, string>,
    between?: (page: number) => Promise<void>,
  ) {
    const seen: string[] = [];
    const pages: number[] = [];
    let body = (await list(u, params)).body;
    for (;;) {
      seen.push(...names(body));
      pages.push(body.page);
      if (between) await between(body.page);
      if (!body.next_cursor) break;
      body = (await list(u, { ...params, cursor: body.next_cursor })).body;
    }
    return { seen, pages };
  }

  it('walks every row once by cursor while rows are added before and after the position', async () => {
    const u = await createUser(h.app);
    // Ties on purpose: several rows share a minute, so the id must order them.
    const initial = Array.from({ length: 27 }, (_, i) => ({
      name: `r${String(i).padStart(2, '0')}.wav`,
      at: Math.floor(i / 3),
    }));
    await seed(u, initial);
    const expectedDesc = [...initial].reverse().map((r) => r.name);

    const { seen, pages } = await walkForward(u, {}, async (page) => {
      // A newer call arrives (it belongs before the position) and an older CRM call is synced (after it).
      await seed(u, [
        { name: `new-${page}.wav`, at: 10_000 + page },
        { name: `old-${page}.wav`, at: -100 - page },
      ]);
    });
    expect(new Set(seen).size).toBe(seen.length);
    // Every row that was there at the start, in order, none missing.
    expect(seen.filter((n) => n.startsWith('r'))).toEqual(expectedDesc);
    expect(seen.some((n) => n.startsWith('new-'))).toBe(false);
    // Older rows land past the position and are met on the way.
    expect(seen.filter((n) => n.startsWith('old-')).length).toBeGreaterThan(0);
    expect(pages).toEqual(pages.map((_, i) => i + 1));
  });

  it('goes back by prev_cursor to the same pages, in both sort orders', async () => {
    const u = await createUser(h.app);
    await seed(
      u,
      Array.from({ length: 25 }, (_, i) => ({ name: `c${String(i).padStart(2, '0')}.wav`, at: i })),
    );
    for (const sort of ['createdAt:desc', 'createdAt:asc']) {
      const p1 = (await list(u, { sort })).body;
      expect(p1.prev_cursor).toBeNull();
      const p2 = (await list(u, { sort, cursor: p1.next_cursor! })).body;
      const p3 = (await list(u, { sort, cursor: p2.next_cursor! })).body;
      expect([p1.page, p2.page, p3.page]).toEqual([1, 2, 3]);
      expect(names(p3)).toHaveLength(5);
      expect(p3.next_cursor).toBeNull();
      const back2 = (await list(u, { sort, cursor: p3.prev_cursor! })).body;
      expect(names(back2)).toEqual(names(p2));
      expect(back2.page).toBe(2);
      const back1 = (await list(u, { sort, cursor: back2.prev_cursor! })).body;
      expect(names(back1)).toEqual(names(p1));
      expect(back1.page).toBe(1);
      expect(back1.prev_cursor).toBeNull();
      // Page numbers agree with cursors.
      expect(names((await list(u, { sort, page: '3' })).body)).toEqual(names(p3));
    }
    const asc = (await list(u, { sort: 'createdAt:asc' })).body;
    expect(names(asc)[0]).toBe('c00.wav');
  });

  it('pages a search by cursor, and keeps each organization to its own rows', async () => {
    const a = await createUser(h.app);
    const b = await createUser(h.app);
    await seed(
      a,
      Array.from({ length: 24 }, (_, i) => ({
        name: `a${i}.wav`,
        at: i,
        transcript: i % 2 ? 'budget talk' : 'hello',
      })),
    );
    await seed(
      b,
      Array.from({ length: 3 }, (_, i) => ({ name: `b${i}.wav`, at: i, transcript: 'budget talk' })),
    );

    const first = (await list(a, { q: 'budget' })).body;
    expect(first).toMatchObject({ total: 12, totalCapped: false, pageCount: 2, prev_cursor: null });
    const second = (await list(a, { q: 'budget', cursor: first.next_cursor! })).body;
    expect([...names(first), ...names(second)]).toEqual(
      Array.from({ length: 12 }, (_, i) => `a${23 - 2 * i}.wav`),
    );
    expect(second).toMatchObject({ page: 2, next_cursor: null });
    expect(names((await list(a, { q: 'budget', cursor: second.prev_cursor! })).body)).toEqual(names(first));
    // The same search in another organization counts and shows only its own rows.
    const other = (await list(b, { q: 'budget' })).body;
    expect(other.total).toBe(3);
    expect(names(other)).toEqual(['b2.wav', 'b1.wav', 'b0.wav']);

    // A's cursor in B's hands reads B's rows from that position, never A's.
    const aAll = (await list(a)).body;
    expect(aAll.next_cursor).not.toBeNull();
    const crossed = await list(b, { cursor: aAll.next_cursor! });
    expect(crossed.status).toBe(200);
    expect(names(crossed.body)).toEqual(['b2.wav', 'b1.wav', 'b0.wav']);
  });

  it('counts from the kept total and sees every change a search depends on', async () => {
    const u = await createUser(h.app);
    expect((await list(u)).body).toMatchObject({
      total: 0,
      pageCount: 1,
      next_cursor: null,
      prev_cursor: null,
    });
    const ids = await seed(
      u,
      Array.from({ length: 12 }, (_, i) => ({ name: `n${i}.wav`, at: i })),
    );
    expect((await list(u)).body).toMatchObject({ total: 12, totalCapped: false, pageCount: 2 });
    expect((await list(u, { q: 'quarterly' })).body.total).toBe(0);

    // A transcript lands (the pipeline's write): the cached search count follows.
    await h.container.recordingsRepo.saveTranscript(ids[3]!, {
      segments: [],
      text: 'the quarterly review',
      durationSec: 5,
    });
    const found = (await list(u, { q: 'quarterly' })).body;
    expect(found.total).toBe(1);
    expect(names(found)).toEqual(['n3.wav']);

    // Progress updates leave counts alone; a rename shows at once.
    await h.container.recordingsRepo.setStatus(ids[3]!, { progress: 50 });
    expect((await list(u, { q: 'quarterly' })).body.total).toBe(1);
    await h.database.db
      .update(recordings)
      .set({ originalName: 'quarterly-2.wav' })
      .where(eq(recordings.id, ids[4]!));
    expect((await list(u, { q: 'quarterly' })).body.total).toBe(2);

    // Deleting rows (also outside the app) keeps the total true.
    await h.database.db.delete(recordings).where(sql`${recordings.id} in (${ids[0]!}, ${ids[1]!})`);
    const after = (await list(u)).body;
    expect(after).toMatchObject({ total: 10, pageCount: 1 });
    expect((await list(u, { q: 'quarterly' })).body.total).toBe(2);
    expect(await h.container.recordingsRepo.countForOrg(await orgOf(u))).toBe(10);
  });

  it('reads the last pages by number from the end and finds date prefixes by range', async () => {
    const u = await createUser(h.app);
    await seed(
      u,
      // Every other day from 1 January 2026: 16 rows in January, 7 in February.
      Array.from({ length: 23 }, (_, i) => ({
        name: `d${String(i).padStart(2, '0')}.wav`,
        at: i * 2 * 24 * 60,
      })),
    );
    const last = (await list(u, { page: '3' })).body;
    expect(names(last)).toEqual(['d02.wav', 'd01.wav', 'd00.wav']);
    expect(last.next_cursor).toBeNull();
    expect(names((await list(u, { page: '2' })).body)[0]).toBe('d12.wav');
    expect((await list(u, { page: '9' })).body.items).toEqual([]);

    expect((await list(u, { q: '2026-01' })).body.total).toBe(16);
    expect(names((await list(u, { q: '2026-01-05' })).body)).toEqual(['d02.wav']);
    expect(names((await list(u, { q: '2026-02' })).body)).toEqual([
      'd22.wav',
      'd21.wav',
      'd20.wav',
      'd19.wav',
      'd18.wav',
      'd17.wav',
      'd16.wav',
    ]);
    expect(names((await list(u, { q: '2026-02-0 ' })).body)).toEqual([
      'd19.wav',
      'd18.wav',
      'd17.wav',
      'd16.wav',
    ]);
    expect((await list(u, { q: '2026-02-30' })).body.total).toBe(0);
    // Not a leading part of the date text: the text search answers (11, 13, 15, 17 and 19 January).
    expect((await list(u, { q: '01-1' })).body.total).toBe(5);
    // A date typed as the list shows it: month first in English, day first in French.
    expect(names((await list(u, { q: '1/5/26' }, 'en-US')).body)).toEqual(['d02.wav']);
    expect(names((await list(u, { q: '01/05/2026' }, 'en')).body)).toEqual(['d02.wav']);
    expect(names((await list(u, { q: '5/1/2026' }, 'fr-FR')).body)).toEqual(['d02.wav']);
    expect(names((await list(u, { q: '04/02/26' }, 'fr')).body)).toEqual(['d17.wav']);
    expect((await list(u, { q: '2/30/26' }, 'en')).body.total).toBe(0);
  });

  it('says what is wrong with a query in words a user can act on, in their language', async () => {
    const u = await createUser(h.app);
    const bad = await h.app.inject({
      method: 'GET',
      url: '/api/analysis/transcriptions?page=abc',
      headers: u.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Please check page: must be a number',
        fields: [{ path: 'page', message: 'must be a number' }],
      },
    });
    const fr = await h.app.inject({
      method: 'GET',
      url: '/api/analysis/transcriptions?sort=name',
      headers: { ...u.auth, 'accept-language': 'fr-FR' },
    });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().error.message).toBe(
      'Vérifiez sort : doit être l’une de ces valeurs : createdAt:desc, createdAt:asc',
    );
  });

  it('narrows the list and the export to a call result, within the organization', async () => {
    const u = await createUser(h.app);
    const stranger = await createUser(h.app);
    const db = h.database.db;
    const call = async (who: CreatedUser, name: string, result?: 'appointment' | 'follow_up') =>
      insertCall(db, {
        organizationId: await orgOf(who),
        userId: who.id,
        at: new Date('2026-03-02T10:00:00Z'),
        originalName: name,
        transcript: 'About the roofing quote.',
        ...(result ? { analysis: { result_class: result, lead_score: 50 } } : {}),
      });
    const booked = await call(u, 'booked.wav', 'appointment');
    await call(u, 'later.wav', 'follow_up');
    await call(u, 'not-analysed.wav');
    await call(stranger, 'their-booking.wav', 'appointment');

    expect(names((await list(u, { result: 'appointment' })).body)).toEqual(['booked.wav']);
    expect(names((await list(u, { result: 'follow_up', q: 'roofing' })).body)).toEqual(['later.wav']);
    expect((await list(u, { result: 'not_interested' })).body.total).toBe(0);
    // A re-analysis that changes the result shows at once (results are not cached).
    await db.update(analyses).set({ resultClass: 'follow_up' }).where(eq(analyses.recordingId, booked));
    expect((await list(u, { result: 'appointment' })).body.total).toBe(0);
    expect(names((await list(u, { result: 'follow_up' })).body)).toEqual(['later.wav', 'booked.wav']);

    const csv = await h.app.inject({
      method: 'GET',
      url: '/api/recordings/export.csv?result=follow_up',
      headers: u.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('later.wav');
    expect(csv.body).toContain('booked.wav');
    expect(csv.body).not.toContain('not-analysed.wav');
    expect(csv.body).not.toContain('their-booking.wav');

    const bad = await list(u, { result: 'won' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { fields: [{ path: 'result' }] } });
  });

  it('finds a typed date as the day where the user is, in the list and the CSV export', async () => {
    const u = await createUser(h.app);
    // 2026-01-10 03:30 UTC is 9 January, 22:30 in New York; 2026-01-10 17:00 UTC is noon there.
    await seed(u, [
      { name: 'late-evening.wav', at: 9 * 24 * 60 + 210 },
      { name: 'next-noon.wav', at: 9 * 24 * 60 + 17 * 60 },
    ]);
    const ny = { tz: 'America/New_York' };
    expect(names((await list(u, { q: '1/9/26', ...ny }, 'en-US')).body)).toEqual(['late-evening.wav']);
    expect(names((await list(u, { q: '1/10/26', ...ny }, 'en-US')).body)).toEqual(['next-noon.wav']);
    expect(names((await list(u, { q: '2026-01-09', ...ny })).body)).toEqual(['late-evening.wav']);
    // In Tokyo the first is on 10 January (12:30), the second on 11 January (02:00).
    const tokyo = { tz: 'Asia/Tokyo' };
    expect(names((await list(u, { q: '10/01/2026', ...tokyo }, 'fr-FR')).body)).toEqual(['late-evening.wav']);
    expect(names((await list(u, { q: '11/01/2026', ...tokyo }, 'fr-FR')).body)).toEqual(['next-noon.wav']);
    // No time zone, or one nobody knows: the day in UTC, as before.
    expect(names((await list(u, { q: '1/10/26' }, 'en-US')).body)).toEqual([
      'next-noon.wav',
      'late-evening.wav',
    ]);
    expect(names((await list(u, { q: '1/10/26', tz: 'Mars/Olympus' }, 'en-US')).body)).toEqual([
      'next-noon.wav',
      'late-evening.wav',
    ]);
    // A day with no call, and a day that does not exist.
    expect((await list(u, { q: '1/11/26', ...ny }, 'en-US')).body.total).toBe(0);
    expect((await list(u, { q: '2/30/26', ...ny }, 'en-US')).body.total).toBe(0);

    const csv = await h.app.inject({
      method: 'GET',
      url: `/api/recordings/export.csv?${new URLSearchParams({ q: '1/9/26', ...ny })}`,
      headers: { ...u.auth, 'accept-language': 'en-US' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('late-evening.wav');
    expect(csv.body).not.toContain('next-noon.wav');
  });

  it('reads deep pages by number from anchors, in both orders, and again after the rows change', async () => {
    const u = await createUser(h.app);
    const organizationId = await orgOf(u);
    // Ties on purpose (three rows a minute): the anchors must order them by id as the list does.
    const ids = await seed(
      u,
      Array.from({ length: 23 }, (_, i) => ({
        name: `a${String(i).padStart(2, '0')}.wav`,
        at: Math.floor(i / 3),
      })),
    );
    // The anchored reads through the driver, the plain ones through Drizzle: both give the same pages.
    const repo = createRecordingsRepository(h.database.db, {
      anchorEvery: 3,
      queryArrays: h.database.queryArrays,
    });
    const plain = createRecordingsRepository(h.database.db, { anchorEvery: 1_000_000 });
    const pages = async (r: typeof repo, ascending: boolean) => {
      const out: { names: string[]; total: number; hasNext: boolean; hasPrev: boolean }[] = [];
      for (let page = 1; page <= 13; page++) {
        const p = await r.list(organizationId, { position: { kind: 'page', page }, pageSize: 2, ascending });
        out.push({ names: p.rows.map((row) => row.originalName), ...p });
        expect(p.page).toBe(page);
      }
      return out.map(({ names, total, hasNext, hasPrev }) => ({ names, total, hasNext, hasPrev }));
    };
    const expectAll = async (count: number) => {
      for (const ascending of [false, true]) {
        const got = await pages(repo, ascending);
        expect(got).toEqual(await pages(plain, ascending));
        const all = got.flatMap((p) => p.names);
        expect(all).toHaveLength(count);
        expect(new Set(all).size).toBe(count);
        expect(got[0]!.total).toBe(count);
      }
    };
    await expectAll(23);
    // The version moves: the kept anchors are not used any more (rows came and went before them).
    await h.container.recordingsRepo.deleteByIds(organizationId, [ids[20]!, ids[2]!]);
    await seed(u, [{ name: 'a99.wav', at: 100 }]);
    await expectAll(22);
    await expectAll(22);
  });

  it('writes the dates of a row as toISOString does, milliseconds included', async () => {
    const u = await createUser(h.app);
    const organizationId = await orgOf(u);
    const createdAt = new Date(Date.UTC(2026, 4, 6, 7, 8, 9, 120));
    const row = await h.container.recordingsRepo.insert({
      organizationId,
      userId: u.id,
      source: 'uploaded_file',
      originalName: 'ms.wav',
      createdAt,
      status: 'failed',
      durationSec: 61.5,
      errorDetail: { message: 'The audio could not be read.' },
    });
    const res = await h.app.inject({ method: 'GET', url: '/api/analysis/transcriptions', headers: u.auth });
    const [item] = (res.json() as { items: Record<string, unknown>[] }).items;
    expect(item).toMatchObject({
      id: row.id,
      createdAt: '2026-05-06T07:08:09.120Z',
      dateAdded: row.dateAdded.toISOString(),
      duration: 61.5,
      num_speakers: 2,
      status: 'failed',
      error: 'The audio could not be read.',
      location: null,
      file: { originalname: 'ms.wav', message_id: null },
    });
  });

  it('refuses a cursor it did not issue with a clear error', async () => {
    const u = await createUser(h.app);
    for (const cursor of ['not-a-cursor', Buffer.from('{"a":1}').toString('base64url'), 'a'.repeat(201)]) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/analysis/transcriptions?cursor=${cursor}`,
        headers: u.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields[0].path).toBe('cursor');
    }
  });

  it('refuses a cursor whose position is no real instant with the same clear error', async () => {
    const u = await createUser(h.app);
    const enc = (a: string) => Buffer.from(JSON.stringify({ a, i: 1, d: 'n', p: 2 })).toString('base64url');
    for (const at of [
      '2026-02-30 00:00:00',
      '2026-13-01 00:00:00',
      '2026-03-01 00:00:00+99',
      '0000-01-01 00:00:00',
    ]) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/analysis/transcriptions?cursor=${enc(at)}`,
        headers: u.auth,
      });
      expect(res.statusCode, at).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'This list position is not valid any more. Go back to the first page.',
        fields: [{ path: 'cursor' }],
      });
    }
    const leap = await h.app.inject({
      method: 'GET',
      url: `/api/analysis/transcriptions?cursor=${enc('2028-02-29 23:59:59.999999+14')}`,
      headers: u.auth,
    });
    expect(leap.statusCode).toBe(200);
  });

  it('searches a typed year or date past 9998 as text, in the list and the CSV export', async () => {
    const u = await createUser(h.app);
    await seed(u, [{ name: 'call-9999.wav', at: 0 }]);
    const searches: Record<string, string>[] = [
      { q: '9999' },
      { q: '9999-12-31' },
      { q: '12/31/9999' },
      { q: '9999-12-31', tz: 'America/New_York' },
      { q: '12/31/9999', tz: 'Pacific/Kiritimati' },
      { q: '0000' },
    ];
    for (const params of searches) {
      const res = await list(u, params, 'en');
      expect(res.status, JSON.stringify(params)).toBe(200);
      expect(res.body.total).toBe(0);
    }
    // The text search still applies: a file named with the digits is found.
    expect(names((await list(u, { q: 'call-9999' })).body)).toEqual(['call-9999.wav']);
    for (const q of ['9999', '12/31/9999']) {
      const csv = await h.app.inject({
        method: 'GET',
        url: `/api/recordings/export.csv?${new URLSearchParams({ q, tz: 'UTC' })}`,
        headers: { ...u.auth, 'accept-language': 'en' },
      });
      expect(csv.statusCode).toBe(200);
      // The whole answer: the header row and nothing else (the connection was not dropped).
      expect(
        csv.body
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean),
      ).toHaveLength(1);
    }
  });

  it('pages a broad search past the count cap by walking the date index', async () => {
    const u = await createUser(h.app);
    const organizationId = await orgOf(u);
    await seed(
      u,
      Array.from({ length: 9 }, (_, i) => ({
        name: `w${i}.wav`,
        at: i,
        transcript: i === 4 ? 'nothing' : 'pricing call',
      })),
    );
    const repo = createRecordingsRepository(h.database.db, { countCap: 5 });
    const read = (position: ListPosition) =>
      repo.list(organizationId, { q: 'pricing', position, pageSize: 3, ascending: false });
    const p1 = await read({ kind: 'page', page: 1 });
    expect(p1).toMatchObject({ total: 5, capped: true, page: 1, hasNext: true, hasPrev: false });
    const seen = p1.rows.map((r) => r.originalName);
    let page = p1;
    while (page.hasNext) {
      const last = page.rows[page.rows.length - 1]!;
      page = await read({ kind: 'after', key: { at: last.cursorAt, id: last.id }, page: page.page + 1 });
      seen.push(...page.rows.map((r) => r.originalName));
    }
    expect(seen).toEqual(['w8.wav', 'w7.wav', 'w6.wav', 'w5.wav', 'w3.wav', 'w2.wav', 'w1.wav', 'w0.wav']);
    const back = await read({
      kind: 'before',
      key: { at: page.rows[0]!.cursorAt, id: page.rows[0]!.id },
      page: page.page - 1,
    });
    expect(back.rows.map((r) => r.originalName)).toEqual(['w5.wav', 'w3.wav', 'w2.wav']);

    // By number: inside the newest matches it knows (read by id), past them (walked), oldest first.
    expect((await read({ kind: 'page', page: 2 })).rows.map((r) => r.originalName)).toEqual([
      'w5.wav',
      'w3.wav',
      'w2.wav',
    ]);
    const oldest = await repo.list(organizationId, {
      q: 'pricing',
      position: { kind: 'page', page: 1 },
      pageSize: 3,
      ascending: true,
    });
    expect(oldest.rows.map((r) => r.originalName)).toEqual(['w0.wav', 'w1.wav', 'w2.wav']);
    // A match that leaves moves the version: the known ids are found again.
    await h.container.recordingsRepo.deleteByIds(organizationId, [p1.rows[1]!.id]);
    const again = await read({ kind: 'page', page: 1 });
    expect(again.rows.map((r) => r.originalName)).toEqual(['w8.wav', 'w6.wav', 'w5.wav']);
    expect(again).toMatchObject({ total: 5, capped: true, hasNext: true });
  });

  it('exports every row once across keyset batches, ties included, each line as csvLine writes it', async () => {
    const u = await createUser(h.app);
    const organizationId = await orgOf(u);
    const ids = await seed(
      u,
      Array.from({ length: 11 }, (_, i) => ({
        name: i === 5 ? '=cmd|calc.wav' : `e${i}.wav`,
        at: Math.floor(i / 4),
        transcript: i === 2 ? 'she said "no", then\nleft' : `call ${i}`,
      })),
    );
    const expected: string[] = [];
    for (const id of [...ids].reverse()) {
      const row = (await h.container.recordingsRepo.findById(id))!;
      expected.push(
        csvLine([
          formatDateTime(row.createdAt),
          row.transcriptText,
          'Ada Lovelace',
          row.originalName,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          'uploaded_file',
          null,
          null,
          formatDateTime(row.updatedAt),
          null,
          null,
        ]),
      );
    }
    let out = '';
    let after: ListKey | undefined;
    for (let batches = 0; batches < 10; batches++) {
      const batch = await h.container.recordingsRepo.exportLines(organizationId, { after, limit: 4 });
      out += batch.lines;
      if (batch.count < 4 || !batch.last) break;
      after = batch.last;
    }
    expect(out).toBe(expected.join(''));
    expect(out).toContain(",'=cmd|calc.wav,");
    expect(out).toContain('"she said ""no"", then\nleft"');
  });
});
