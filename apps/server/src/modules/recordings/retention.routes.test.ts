/**
 * Retention on the real app: an admin sees the dry-run count before turning it on; the sweep then
 * deletes the recordings past the period — their audio from storage, their analysis and share links
 * with them — and keeps the newer ones and other organizations' recordings.
 * The sample calls are dated now, now − 26 h, now − 52 h and now − 78 h, so a 1-day retention
 * removes 3 of the 4.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';

describe.each(BACKENDS)('retention (%s)', (backend) => {
  let h: Harness;
  let admin: CreatedUser;
  let other: CreatedUser;
  let ids: number[];
  let otherIds: number[];

  const total = async (user: CreatedUser) =>
    (await h.app.inject({ method: 'GET', url: '/api/analysis/transcriptions', headers: user.auth })).json()
      .total as number;

  beforeAll(async () => {
    h = await createHarness(backend, {}, { worker: true });
    admin = await createUser(h.app);
    other = await createUser(h.app);
    ids = (await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: admin.auth })).json()
      .ids;
    otherIds = (
      await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: other.auth })
    ).json().ids;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts what a retention would delete before it is turned on', async () => {
    const preview = await h.app.inject({
      method: 'GET',
      url: '/api/organization/retention-preview?days=1',
      headers: admin.auth,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ days: 1, count: 3 });
    const all = await h.app.inject({
      method: 'GET',
      url: '/api/organization/retention-preview?days=4',
      headers: admin.auth,
    });
    expect(all.json().count).toBe(0);
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/api/organization/retention-preview?days=0',
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(400);
    // Nothing was deleted by looking.
    expect(await total(admin)).toBe(4);
  });

  it('refuses to run without a retention period', async () => {
    const run = await h.app.inject({
      method: 'POST',
      url: '/api/organization/retention/run',
      headers: admin.auth,
    });
    expect(run.statusCode).toBe(409);
  });

  it('deletes the old recordings with their audio, and only those, once turned on', async () => {
    const keys = await Promise.all(
      ids.map(async (id) => (await h.container.recordingsRepo.findById(id))?.storageKey ?? null),
    );
    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/organization/settings',
      headers: admin.auth,
      payload: { retention_days: 1 },
    });
    expect(put.json().retention_days).toBe(1);
    const run = await h.app.inject({
      method: 'POST',
      url: '/api/organization/retention/run',
      headers: admin.auth,
    });
    expect(run.statusCode).toBe(202);
    for (let i = 0; i < 200 && (await total(admin)) !== 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await total(admin)).toBe(1);
    // The newest sample (index 0) stays; the three older ones are gone, audio included.
    expect(await h.container.recordingsRepo.findById(ids[0]!)).toBeDefined();
    for (const [i, id] of ids.entries()) {
      if (i === 0) continue;
      expect(await h.container.recordingsRepo.findById(id)).toBeUndefined();
      const key = keys[i];
      if (key) expect(await h.container.storage.stat(key)).toBeNull();
      const record = await h.app.inject({
        method: 'GET',
        url: `/api/analysis/analysis?id=${id}`,
        headers: admin.auth,
      });
      expect(record.statusCode).toBe(404);
    }
    // Another organization without a retention keeps everything.
    expect(await total(other)).toBe(otherIds.length);
  });
});
