import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/index.js';
import { buildSeed } from '../src/seed.js';
import { api, installLocation, type Tokens } from './helpers.js';

const NOW = new Date('2026-05-15T09:30:00Z');
const DAY = 86_400_000;
let sb: Sandbox;
let t: Tokens;
let locationId: string;

beforeAll(async () => {
  sb = await startSandbox({
    seed: 5,
    locations: 4,
    contactsPerLocation: 6,
    callsPerLocation: 57,
    noRecordingFraction: 0.3,
    now: NOW,
  });
  locationId = sb.locations[3]!.id;
  t = await installLocation(sb, locationId);
});
afterAll(async () => {
  await sb.close();
});

type Page = {
  messages: { id: string; dateAdded: string; messageType: string; meta: { call: { status: string } } }[];
  nextCursor?: string;
  total: number;
};

async function exportAll(query: string, limit: number): Promise<{ pages: Page[]; ids: string[] }> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const res = await api(
      sb,
      `/conversations/messages/export?locationId=${locationId}&channel=Call&limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: t.access_token },
    );
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return { pages, ids: pages.flatMap((p) => p.messages.map((m) => m.id)) };
}

describe('seeded data', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const opts = {
      seed: 9,
      locations: 3,
      contactsPerLocation: 4,
      callsPerLocation: 10,
      noRecordingFraction: 0.2,
      transcriptFraction: 0.5,
      now: NOW,
    };
    expect(buildSeed(opts)).toEqual(buildSeed(opts));
    expect(buildSeed({ ...opts, seed: 10 }).company.id).not.toBe(buildSeed(opts).company.id);
  });

  it('has the requested sizes, calls within the 60 days before now, and the asked share without recording', () => {
    expect(sb.locations).toHaveLength(4);
    const calls = sb.data.calls.filter((c) => c.message.locationId === locationId);
    expect(calls).toHaveLength(57);
    // round(57 × 0.3) = round(17.1) = 17 calls without a recording.
    expect(calls.filter((c) => c.scriptId === null)).toHaveLength(17);
    const recordedStatuses = new Set(calls.filter((c) => c.scriptId).map((c) => c.message.meta.call.status));
    expect([...recordedStatuses].every((s) => s === 'completed' || s === 'answered')).toBe(true);
    for (const c of calls) {
      const ts = Date.parse(c.message.dateAdded);
      expect(ts).toBeLessThanOrEqual(NOW.getTime());
      expect(ts).toBeGreaterThan(NOW.getTime() - 60 * DAY);
    }
    expect(sb.data.contacts.filter((c) => c.locationId === locationId)).toHaveLength(6);
  });

  it('refuses fewer than 3 locations', async () => {
    await expect(startSandbox({ locations: 2 })).rejects.toThrow(/at least 3/);
  });
});

describe('GET /conversations/messages/export', () => {
  it('pages through every call exactly once by cursor, newest first', async () => {
    const { pages, ids } = await exportAll('', 10);
    // 57 calls in pages of 10: 6 pages, the last one with 7.
    expect(pages.map((p) => p.messages.length)).toEqual([10, 10, 10, 10, 10, 7]);
    expect(pages.every((p) => p.total === 57)).toBe(true);
    expect(new Set(ids).size).toBe(57);
    const expected = sb.data.calls
      .filter((c) => c.message.locationId === locationId)
      .map((c) => c.message.id);
    expect([...ids].sort()).toEqual([...expected].sort());
    const dates = pages.flatMap((p) => p.messages.map((m) => Date.parse(m.dateAdded)));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    expect(pages.flatMap((p) => p.messages).every((m) => m.messageType === 'TYPE_CALL')).toBe(true);
  });

  it('keeps to the date window, bounds included, across pages', async () => {
    const start = new Date(NOW.getTime() - 30 * DAY);
    const end = new Date(NOW.getTime() - 10 * DAY);
    const inWindow = sb.data.calls
      .filter((c) => c.message.locationId === locationId)
      .filter((c) => {
        const ts = Date.parse(c.message.dateAdded);
        return ts >= start.getTime() && ts <= end.getTime();
      })
      .map((c) => c.message.id);
    expect(inWindow.length).toBeGreaterThan(10); // the window needs more than one page to test paging
    const { pages, ids } = await exportAll(
      `&startDate=${start.toISOString()}&endDate=${end.toISOString()}`,
      10,
    );
    expect(pages[0]!.total).toBe(inWindow.length);
    expect([...ids].sort()).toEqual([...inWindow].sort());
    // Epoch milliseconds work the same.
    const byEpoch = await exportAll(`&startDate=${start.getTime()}&endDate=${end.getTime()}`, 10);
    expect(byEpoch.ids).toEqual(ids);
    // An inclusive bound: a window of exactly one call's instant returns that call.
    const one = sb.data.calls.find((c) => c.message.locationId === locationId)!;
    const exact = await exportAll(`&startDate=${one.message.dateAdded}&endDate=${one.message.dateAdded}`, 10);
    expect(exact.ids).toContain(one.message.id);
  });

  it('sorts ascending on request and leaves SMS out of the Call channel', async () => {
    const asc = await api(
      sb,
      `/conversations/messages/export?locationId=${locationId}&channel=Call&limit=500&sortOrder=asc`,
      { token: t.access_token },
    );
    const body = (await asc.json()) as Page;
    const dates = body.messages.map((m) => Date.parse(m.dateAdded));
    expect(dates).toEqual([...dates].sort((x, y) => x - y));
    expect(body).not.toHaveProperty('nextCursor');
    const all = await api(sb, `/conversations/messages/export?locationId=${locationId}&limit=500`, {
      token: t.access_token,
    });
    const allBody = (await all.json()) as Page;
    // 57 calls plus one SMS for each of the 6 contacts' conversations.
    expect(allBody.total).toBe(63);
  });

  it('refuses a bad cursor, limit, channel or date with 400', async () => {
    for (const q of ['&cursor=garbage', '&limit=9', '&limit=501', '&channel=Fax', '&startDate=yesterday']) {
      const res = await api(sb, `/conversations/messages/export?locationId=${locationId}${q}`, {
        token: t.access_token,
      });
      expect(res.status, q).toBe(400);
    }
  });
});

describe('GET /conversations/{id}/messages', () => {
  it('pages by lastMessageId in the nested live shape', async () => {
    const byConv = new Map<string, number>();
    for (const c of sb.data.calls.filter((x) => x.message.locationId === locationId)) {
      byConv.set(c.message.conversationId, (byConv.get(c.message.conversationId) ?? 0) + 1);
    }
    const [conversationId, count] = [...byConv.entries()].sort((x, y) => y[1] - x[1])[0]!;
    expect(count).toBeGreaterThan(3);
    const seen: string[] = [];
    let last: string | undefined;
    for (;;) {
      const res = await api(
        sb,
        `/conversations/${conversationId}/messages?type=TYPE_CALL&limit=3${last ? `&lastMessageId=${last}` : ''}`,
        {
          token: t.access_token,
        },
      );
      const body = (await res.json()) as {
        messages: { lastMessageId: string; nextPage: boolean; messages: { id: string }[] };
      };
      seen.push(...body.messages.messages.map((m) => m.id));
      if (!body.messages.nextPage) break;
      last = body.messages.lastMessageId;
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
  });
});
