/**
 * Manager figures and the user's hub on both databases, against totals worked out by hand from a
 * seeded organization (recordings and analyses written straight to the tables so dates, durations
 * and counts are exact), with a second organization whose rows must never count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses, recordings } from '../../db/schema.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { addMember } from '../../test-support/members.js';

const DAY = 86_400_000;
const todayStart = () => {
  const n = new Date();
  return Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate());
};
/** One second into the UTC day `days` before today. */
const daysAgo = (days: number) => new Date(todayStart() - days * DAY + 1000);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Seed = {
  owner: CreatedUser;
  days: number;
  duration: number | null;
  status?: 'done' | 'failed';
  counts?: [questions: number, objections: number, painPoints: number, pricing: number];
  result?: string;
  repRatio?: number;
};

describe.each(BACKENDS)('manager figures and the hub on %s', (backend) => {
  let h: Harness;
  let admin: CreatedUser;
  let manager: CreatedUser;
  let user: CreatedUser;
  let stranger: CreatedUser;
  const ids: Record<string, number> = {};

  async function seed(name: string, s: Seed, organizationId: number) {
    const [rec] = await h.database.db
      .insert(recordings)
      .values({
        organizationId,
        userId: s.owner.id,
        source: 'uploaded_file',
        originalName: name,
        status: s.status ?? 'done',
        progress: 100,
        error: s.status === 'failed' ? 'This file is not audio we can read.' : null,
        durationSec: s.duration,
        createdAt: daysAgo(s.days),
      })
      .returning({ id: recordings.id });
    ids[name] = rec!.id;
    if (!s.counts) return;
    const [q, o, p, pr] = s.counts;
    const list = (k: number, what: string) => Array.from({ length: k }, (_, i) => `${what} ${i}`);
    await h.database.db.insert(analyses).values({
      recordingId: rec!.id,
      organizationId,
      analyzer: 'rules',
      resultClass: s.result ?? 'other',
      leadScore: 50,
      data: {
        questions: list(q, 'q'),
        objections: list(o, 'o'),
        pain_points: list(p, 'p'),
        pricing_discussed: list(pr, '$'),
        result_class: s.result ?? 'other',
      },
      metrics:
        s.repRatio === undefined
          ? null
          : {
              rep_speaker: 'A',
              speakers: [
                { speaker: 'B', talk_ratio: 1 - s.repRatio },
                { speaker: 'A', talk_ratio: s.repRatio },
              ],
            },
    });
  }

  beforeAll(async () => {
    h = await createHarness(backend);
    admin = await createUser(h.app, { firstName: 'Ada', lastName: 'Adminson' });
    manager = await addMember(h, admin, 'manager', { firstName: 'Max', lastName: 'Managerson' });
    user = await addMember(h, admin, 'user', { firstName: 'Uma', lastName: 'Userson' });
    stranger = await createUser(h.app);
    const orgOf = async (who: CreatedUser) =>
      (await h.app.inject({ method: 'GET', url: `/api/users/userId/${who.id}`, headers: who.auth })).json()
        .organizationId as number;
    const org = await orgOf(admin);
    const otherOrg = await orgOf(stranger);
    // The organization (days = days before today, UTC):
    await seed(
      'r1',
      { owner: admin, days: 0, duration: 90.4, counts: [3, 1, 2, 1], result: 'appointment' },
      org,
    );
    await seed(
      'r2',
      {
        owner: user,
        days: 2,
        duration: 125.6,
        counts: [2, 2, 0, 0],
        result: 'not_interested',
        repRatio: 0.6,
      },
      org,
    );
    await seed(
      'r3',
      { owner: user, days: 10, duration: 60, counts: [5, 0, 1, 2], result: 'follow_up', repRatio: 0.2 },
      org,
    );
    await seed(
      'r4',
      { owner: manager, days: 40, duration: 30, counts: [1, 1, 1, 1], result: 'follow_up' },
      org,
    );
    await seed('r5', { owner: user, days: 400, duration: 45, counts: [4, 3, 2, 0], result: 'other' }, org);
    await seed('r6', { owner: user, days: 1, duration: null, status: 'failed' }, org);
    // Another organization: large figures that must never leak into ours.
    await seed(
      'x1',
      { owner: stranger, days: 0, duration: 9999, counts: [100, 100, 100, 100], result: 'appointment' },
      otherOrg,
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = async (url: string, who: CreatedUser = manager) => {
    const res = await h.app.inject({ method: 'GET', url, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('counts the organization’s recordings and their total time', async () => {
    // r1..r6 = 6 recordings; the other organization's x1 is not counted.
    expect(await get('/api/manager/dashboard/total-recordings')).toEqual({ total: 6 });
    // 90.4 + 125.6 + 60 + 30 + 45 (+ r6 without duration) = 351 s = 5 min 51 s.
    expect(await get('/api/manager/dashboard/total-times')).toEqual({ mins: 5, secs: 51 });
  });

  it('breaks analysed calls down by result', async () => {
    // r1 appointment; r3, r4 follow-up; r2 not interested; r5 other; r6 (failed) has no analysis.
    expect(await get('/api/manager/dashboard/results')).toEqual({
      appointment: 1,
      followUp: 2,
      notInterested: 1,
      other: 1,
    });
  });

  it('sums the analyses of each range and counts recordings per period', async () => {
    const week = await get('/api/manager/dashboard/summary?duration=6');
    // Days 0..6 hold r1 (day 0), r6 (day 1, not analysed), r2 (day 2).
    // Questions 3 + 2 = 5; objections 1 + 2 = 3; pain points 2 + 0 = 2; price mentions 1 + 0 = 1,
    // in one call (r1). Recordings r1, r6, r2 = 3; 90.4 + 125.6 = 216 s = 3:36.
    expect(week).toMatchObject({
      duration: '6',
      from: isoDay(new Date(todayStart() - 6 * DAY)),
      totalRecordings: 3,
      totalTime: { mins: 3, secs: 36 },
      results: { appointment: 1, followUp: 0, notInterested: 1, other: 0 },
      totalQuestions: 5,
      totalObjections: 3,
      totalPainPoints: 2,
      totalPricingDiscuss: 1,
      totalPricingMentions: 1,
    });
    // Seven daily buckets, oldest first: zeros, then day 2 (r2), day 1 (r6), today (r1).
    expect(week.recordingCounts.unit).toBe('day');
    expect(week.recordingCounts.buckets.map((b: { count: number }) => b.count)).toEqual([
      0, 0, 0, 0, 1, 1, 1,
    ]);
    expect(week.recordingCounts.buckets.at(-1).start).toBe(isoDay(new Date(todayStart())));

    const month = await get('/api/manager/dashboard/summary?duration=29');
    // Adds r3 (day 10): questions 5 + 5 = 10; objections 3 + 0 = 3; pain 2 + 1 = 3; price mentions
    // 1 + 2 = 3 but in 2 calls (r1, r3). Recordings 4; 216 + 60 = 276 s = 4:36; r3 follow-up.
    expect(month).toMatchObject({
      totalRecordings: 4,
      totalTime: { mins: 4, secs: 36 },
      results: { appointment: 1, followUp: 1, notInterested: 1, other: 0 },
      totalQuestions: 10,
      totalObjections: 3,
      totalPainPoints: 3,
      totalPricingDiscuss: 2,
      totalPricingMentions: 3,
    });
    expect(month.recordingCounts.buckets).toHaveLength(30);
    // r1, r6, r2, r3 = 4 recordings in the 30 days.
    expect(month.recordingCounts.buckets.reduce((a: number, b: { count: number }) => a + b.count, 0)).toBe(4);

    const year = await get('/api/manager/dashboard/summary?duration=365');
    // Adds r4 (day 40): questions 10 + 1 = 11; objections 3 + 1 = 4; pain 3 + 1 = 4; price mentions
    // 3 + 1 = 4 in 3 calls. Recordings 5; 276 + 30 = 306 s = 5:06; r4 follow-up.
    expect(year).toMatchObject({
      totalRecordings: 5,
      totalTime: { mins: 5, secs: 6 },
      results: { appointment: 1, followUp: 2, notInterested: 1, other: 0 },
      totalQuestions: 11,
      totalObjections: 4,
      totalPainPoints: 4,
      totalPricingDiscuss: 3,
      totalPricingMentions: 4,
    });
    expect(year.recordingCounts.unit).toBe('month');
    expect(year.recordingCounts.buckets[0].start).toBe(
      `${isoDay(new Date(todayStart() - 365 * DAY)).slice(0, 7)}-01`,
    );
    // r1, r6, r2, r3, r4 = 5 recordings in the year.
    expect(year.recordingCounts.buckets.reduce((a: number, b: { count: number }) => a + b.count, 0)).toBe(5);

    const all = await get('/api/manager/dashboard/summary?duration=all');
    // Adds r5 (day 400): questions 11 + 4 = 15; objections 4 + 3 = 7; pain 4 + 2 = 6; price mentions
    // 4 + 0 = 4 in 3 calls. Recordings 6; 306 + 45 = 351 s = 5:51 (the range-free routes' figures).
    expect(all).toMatchObject({
      from: null,
      totalRecordings: 6,
      totalTime: { mins: 5, secs: 51 },
      results: { appointment: 1, followUp: 2, notInterested: 1, other: 1 },
      totalQuestions: 15,
      totalObjections: 7,
      totalPainPoints: 6,
      totalPricingDiscuss: 3,
      totalPricingMentions: 4,
    });
    expect(all.recordingCounts.unit).toBe('year');
    const firstYear = daysAgo(400).getUTCFullYear();
    expect(all.recordingCounts.buckets[0].start).toBe(`${firstYear}-01-01`);
    expect(all.recordingCounts.buckets).toHaveLength(new Date().getUTCFullYear() - firstYear + 1);
    expect(all.recordingCounts.buckets.reduce((a: number, b: { count: number }) => a + b.count, 0)).toBe(6);

    // The default range is one week.
    expect((await get('/api/manager/dashboard/summary')).duration).toBe('6');
  });

  it('makes every card follow the range, consistent with its chart', async () => {
    const sum = (buckets: { count: number }[]) => buckets.reduce((a, b) => a + b.count, 0);
    const figures = [];
    for (const duration of ['6', '29', '365', 'all']) {
      const s = await get(`/api/manager/dashboard/summary?duration=${duration}`);
      // Total Recordings is the chart's sum; the results and Pricing Discussed count calls of it.
      expect(s.totalRecordings).toBe(sum(s.recordingCounts.buckets));
      const { appointment, followUp, notInterested, other } = s.results;
      expect(appointment + followUp + notInterested + other).toBeLessThanOrEqual(s.totalRecordings);
      expect(s.totalPricingDiscuss).toBeLessThanOrEqual(s.totalRecordings);
      figures.push([s.totalRecordings, s.totalTime.mins * 60 + s.totalTime.secs, s.results.followUp]);
    }
    // Recordings of different ages give different totals per range.
    expect(figures).toEqual([
      [3, 216, 0],
      [4, 276, 1],
      [5, 306, 2],
      [6, 351, 2],
    ]);
  });

  it('counts Pricing Discussed as calls with any price mention, not as mentions', async () => {
    // r3 mentions pricing twice and r1 once: 3 mentions, 2 calls over the month.
    const month = await get('/api/manager/dashboard/summary?duration=29');
    expect(month.totalPricingMentions).toBe(3);
    expect(month.totalPricingDiscuss).toBe(2);
  });

  it('refuses an unknown range, naming the allowed values', async () => {
    for (const bad of ['7', 'week', '', '6;drop']) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/manager/dashboard/summary?duration=${encodeURIComponent(bad)}`,
        headers: manager.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('6, 29, 365 or all');
    }
  });

  it('lists members with their recordings and duration, sorted, searched and paged on the server', async () => {
    const page = await get('/api/manager/users?sort=recordings&order=desc');
    // Uma: r2, r3, r5, r6 = 4 recordings, 125.6 + 60 + 45 = 230.6 → 231 s = 3:51.
    // Ada: r1 = 1, 90.4 → 90 s = 1:30. Max: r4 = 1, 30 s = 0:30. Ties on count break by id in the same direction: Max (invited later) before Ada.
    expect(
      page.items.map(
        (u: {
          lastname: string;
          recordings: number;
          userMinTime: number;
          userSecTime: number;
          role: string;
        }) => [u.lastname, u.role, u.recordings, u.userMinTime, u.userSecTime],
      ),
    ).toEqual([
      ['Userson', 'user', 4, 3, 51],
      ['Managerson', 'manager', 1, 0, 30],
      ['Adminson', 'admin', 1, 1, 30],
    ]);
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1 });

    const byDuration = await get('/api/manager/users?sort=duration&order=asc');
    expect(byDuration.items.map((u: { lastname: string }) => u.lastname)).toEqual([
      'Managerson',
      'Adminson',
      'Userson',
    ]);

    const search = await get('/api/manager/users?q=USERS');
    expect(search.items.map((u: { id: number }) => u.id)).toEqual([user.id]);
    expect(search.total).toBe(1);

    const paged = await get('/api/manager/users?sort=lastname&pageSize=2&page=2');
    // Last names sorted: Adminson, Managerson | Userson.
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2, pageCount: 2 });
    expect(paged.items.map((u: { lastname: string }) => u.lastname)).toEqual(['Userson']);

    const bad = await h.app.inject({
      method: 'GET',
      url: '/api/manager/users?sort=password',
      headers: manager.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows the signed-in user their own week, results, talk ratio, recent calls and what needs attention', async () => {
    const hub = await get('/api/dashboard/me', user);
    // Uma's calls in days 0..6: r2 (125.6 s) and r6 (failed, no duration) → 2 calls, 126 s = 2:06.
    expect(hub.week).toEqual({ calls: 2, talkSeconds: 126, mins: 2, secs: 6 });
    // This week's analysed calls: r2 not interested.
    expect(hub.results).toEqual({ appointment: 0, followUp: 0, notInterested: 1, other: 0 });
    // Rep share over this week's analysed calls: r2 only (0.6); r3 (0.2) is older than a week.
    expect(hub.talkRatio).toEqual({ average: 0.6, calls: 1, anchor: { rep: 0.43, customer: 0.57 } });
    // Newest first: r6 (day 1), r2 (day 2), r3 (day 10), r5 (day 400); never colleagues' r1 or r4.
    expect(hub.recent.map((c: { id: number }) => c.id)).toEqual([ids.r6, ids.r2, ids.r3, ids.r5]);
    expect(hub.recent[0]).toMatchObject({ status: 'failed', error: 'This file is not audio we can read.' });
    // Attention: r6 failed; r2 (2 objections, not interested) and r5 (3 objections, other) unresolved;
    // r3 had no objection.
    expect(
      hub.attention.map((c: { id: number; reason: string; objections: number }) => [
        c.id,
        c.reason,
        c.objections,
      ]),
    ).toEqual([
      [ids.r6, 'failed', 0],
      [ids.r2, 'objections_unresolved', 2],
      [ids.r5, 'objections_unresolved', 3],
    ]);
  });

  it('gives a member without calls an empty hub', async () => {
    const hub = await get('/api/dashboard/me', stranger);
    // The stranger's only call x1 is today: 1 call, 9999 s = 166 min 39 s; appointment; no metrics.
    expect(hub.week).toEqual({ calls: 1, talkSeconds: 9999, mins: 166, secs: 39 });
    expect(hub.talkRatio.average).toBeNull();
    const fresh = await createUser(h.app);
    const empty = await get('/api/dashboard/me', fresh);
    expect(empty).toMatchObject({ week: { calls: 0, talkSeconds: 0 }, recent: [], attention: [] });
  });
});
