/**
 * The bell on both databases: the pipeline and invitations write events through the
 * notifications service; each member reads and marks only their own; the event stream is opened
 * with a short-lived signed token and pushes the unread count when it changes.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../../db/schema.js';
import { transcribeJob } from '../recordings/recordings.jobs.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { addMember } from '../../test-support/members.js';
import { waitForRecording } from '../../test-support/recordings-client.js';

type Item = {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  link: { type: string; id: number } | null;
  read: boolean;
};

describe.each(BACKENDS)('notifications on %s', (backend) => {
  let h: Harness;
  let admin: CreatedUser;
  let rep: CreatedUser;
  let stranger: CreatedUser;
  let sampleIds: number[];

  beforeAll(async () => {
    h = await createHarness(backend, {}, { worker: true });
    admin = await createUser(h.app);
    rep = await addMember(h, admin, 'user', { firstName: 'Rita', lastName: 'Rep' });
    stranger = await createUser(h.app);
    const res = await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: rep.auth });
    sampleIds = res.json().ids;
    for (const id of sampleIds) await waitForRecording(h.app, rep.auth, id);
  });
  afterAll(async () => {
    await h?.close();
  });

  const list = async (who: CreatedUser, query = '') => {
    const res = await h.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: who.auth });
    expect(res.statusCode).toBe(200);
    return res.json() as { unread: number; items: Item[] };
  };
  const read = (who: CreatedUser, payload: object) =>
    h.app.inject({ method: 'POST', url: '/api/notifications/read', headers: who.auth, payload });

  it('tells the recording’s owner each call was analysed, with a link to it', async () => {
    const mine = await list(rep);
    const analysed = mine.items.filter((i) => i.kind === 'call_analysed');
    expect(analysed.map((i) => i.link?.id).sort()).toEqual([...sampleIds].sort());
    expect(
      analysed.every((i) => i.link?.type === 'recording' && !i.read && typeof i.params.name === 'string'),
    ).toBe(true);
    expect(mine.unread).toBe(analysed.length);
  });

  it('tells the inviter the invitation was accepted, and no one else', async () => {
    const adminItems = (await list(admin)).items;
    expect(adminItems).toEqual([
      expect.objectContaining({
        kind: 'invitation_accepted',
        params: expect.objectContaining({ name: 'Rita Rep', email: rep.email, role: 'user' }),
        link: { type: 'member', id: rep.id },
      }),
    ]);
    expect((await list(stranger)).items).toEqual([]);
  });

  it('tells the owner a call failed, with the reason', async () => {
    const [row] = await h.database.db
      .insert(recordings)
      .values({
        organizationId: (
          await h.app.inject({ method: 'GET', url: `/api/users/userId/${rep.id}`, headers: rep.auth })
        ).json().organizationId,
        userId: rep.id,
        source: 'uploaded_file',
        originalName: 'lost.wav',
        status: 'queued',
      })
      .returning({ id: recordings.id });
    await h.queue.send(transcribeJob, { recordingId: row!.id });
    await waitForRecording(h.app, rep.auth, row!.id);
    const failed = (await list(rep)).items.find((i) => i.kind === 'call_failed');
    expect(failed).toMatchObject({
      params: { name: 'lost.wav', reason: 'This recording has no audio file.' },
      link: { type: 'recording', id: row!.id },
    });
  });

  it('marks only the caller’s own notifications read: some, then all', async () => {
    const adminBefore = await list(admin);
    const mine = await list(rep);
    const [first, second] = mine.items;
    // Someone else's id is ignored, not an error that reveals it exists.
    const res = await read(rep, { ids: [first!.id, adminBefore.items[0]!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: mine.unread - 1 });
    expect((await list(admin)).unread).toBe(adminBefore.unread);
    const after = await list(rep);
    expect(after.items.find((i) => i.id === first!.id)?.read).toBe(true);
    expect(after.items.find((i) => i.id === second!.id)?.read).toBe(false);
    expect((await read(rep, { all: true })).json()).toEqual({ unread: 0 });
    expect((await list(admin)).unread).toBe(adminBefore.unread);
  });

  it('pages newest first and refuses bad input', async () => {
    const all = (await list(rep)).items;
    const page = await list(rep, `?limit=2&before=${all[0]!.id}`);
    expect(page.items.map((i) => i.id)).toEqual(all.slice(1, 3).map((i) => i.id));
    expect((await read(rep, {})).statusCode).toBe(400);
    expect((await read(rep, { ids: [] })).statusCode).toBe(400);
    expect((await read(rep, { all: false })).statusCode).toBe(400);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/notifications?limit=500', headers: rep.auth }))
        .statusCode,
    ).toBe(400);
  });

  describe('live stream', () => {
    let base: string;
    beforeAll(async () => {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    });

    async function streamUrl(who: CreatedUser): Promise<string> {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/notifications/stream-token',
        headers: who.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().expiresAt - Date.now() / 1000).toBeLessThanOrEqual(60);
      return base + res.json().url;
    }

    /** Reads server-sent events until `count` `notifications` events arrived. */
    async function events(res: Response, count: number): Promise<{ unread: number }[]> {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const found: { unread: number }[] = [];
      while (found.length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        found.length = 0;
        for (const m of text.matchAll(/event: notifications\ndata: (.*)\n\n/g)) found.push(JSON.parse(m[1]!));
      }
      await reader.cancel();
      return found;
    }

    it('pushes the unread count on connect and whenever the recipient gets a notification', async () => {
      const before = (await list(admin)).unread;
      const controller = new AbortController();
      const res = await fetch(await streamUrl(admin), { signal: controller.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const received = events(res, 2);
      // Someone else's notification does not reach this stream; the admin's own does.
      await h.container.notifications.notify({
        organizationId: await orgIdOf(stranger),
        recipients: [stranger.id],
        kind: 'crm_sync_failed',
        params: { location: 'X', reason: 'test' },
      });
      await new Promise((r) => setTimeout(r, 200));
      await h.container.notifications.notify({
        organizationId: await orgIdOf(admin),
        recipients: 'admins',
        kind: 'crm_sync_finished',
        params: { location: 'Main office', imported: 3, skipped: 1, failed: 0 },
        link: { type: 'crm', id: null },
      });
      expect(await received).toEqual([{ unread: before }, { unread: before + 1 }]);
      expect((await list(stranger)).items.map((i) => i.kind)).toEqual(['crm_sync_failed']);
      controller.abort();
    });

    it('refuses a forged, altered or stale stream token, and one of a removed member', async () => {
      expect(
        (await fetch(`${base}/api/notifications/stream?token=1.0.99999999999.abcdefghijklmnop`)).status,
      ).toBe(401);
      const good = await streamUrl(rep);
      const altered = good.replace(/token=(\d+)/, (_, id: string) => `token=${Number(id) + 1}`);
      expect((await fetch(altered)).status).toBe(401);
      expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(400);
      const member = await addMember(h, admin, 'user');
      const url = await streamUrl(member);
      expect(
        (await h.app.inject({ method: 'DELETE', url: `/api/members/${member.id}`, headers: admin.auth }))
          .statusCode,
      ).toBe(204);
      const res = await fetch(url);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    });
  });

  async function orgIdOf(who: CreatedUser): Promise<number> {
    return (
      await h.app.inject({ method: 'GET', url: `/api/users/userId/${who.id}`, headers: who.auth })
    ).json().organizationId;
  }
});
