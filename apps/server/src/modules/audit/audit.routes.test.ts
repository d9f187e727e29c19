/**
 * The audit log records sensitive actions with who, when and from where, is readable by admins
 * only (page by page, newest first) and exports as CSV; each organization sees only its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';

describe.each(BACKENDS)('audit log (%s)', (backend) => {
  let h: Harness;
  let admin: CreatedUser;
  let stranger: CreatedUser;
  const ua = { 'user-agent': 'AuditTest/1.0' };

  beforeAll(async () => {
    h = await createHarness(backend);
    admin = await createUser(h.app);
    stranger = await createUser(h.app);
  });
  afterAll(async () => {
    await h?.close();
  });

  const log = async (user: CreatedUser, query = '') =>
    h.app.inject({ method: 'GET', url: `/api/audit${query}`, headers: user.auth });

  it('records sign-ins, failed sign-ins, settings changes and exports with the address and user agent', async () => {
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: ua,
      payload: { email: admin.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: ua,
      payload: { email: admin.email, password: admin.password },
    });
    await h.app.inject({
      method: 'PUT',
      url: '/api/organization/settings',
      headers: { ...admin.auth, ...ua },
      payload: { redact_emails: true },
    });
    const csv = await h.app.inject({
      method: 'GET',
      url: '/api/recordings/export.csv',
      headers: { ...admin.auth, ...ua },
    });
    expect(csv.statusCode).toBe(200);

    const page = await log(admin);
    expect(page.statusCode).toBe(200);
    const events = page.json().events as {
      action: string;
      ip: string;
      userAgent: string;
      actor: { id: number };
    }[];
    const actions = events.map((e) => e.action);
    // Newest first: export, settings, the successful sign-in, the failed one (and createUser's own sign-in last).
    expect(actions.slice(0, 4)).toEqual(['export', 'settings_changed', 'sign_in', 'sign_in_failed']);
    for (const e of events.slice(0, 4)) {
      expect(e.actor.id).toBe(admin.id);
      expect(e.userAgent).toBe('AuditTest/1.0');
      expect(e.ip).toBe('127.0.0.1');
    }
  });

  it('filters by action and pages by id', async () => {
    const failed = await log(admin, '?action=sign_in_failed');
    expect(failed.json().events.map((e: { action: string }) => e.action)).toEqual(['sign_in_failed']);
    expect(failed.json().next_before).toBeNull();
    expect((await log(admin, '?action=nope')).statusCode).toBe(400);
    expect((await log(admin, '?before=3000000000')).statusCode).toBe(400);
  });

  it('shows each organization only its own events, and nothing without a session', async () => {
    const theirs = (await log(stranger)).json().events as { actor: { id: number } }[];
    expect(theirs.every((e) => e.actor.id === stranger.id)).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('exports the log as CSV, and records the export', async () => {
    const csv = await h.app.inject({ method: 'GET', url: '/api/audit/export.csv', headers: admin.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Action,User,Email,Target,Address,User agent,Details');
    expect(lines.some((l) => l.includes('sign_in_failed') && l.includes(admin.email))).toBe(true);
    const after = (await log(admin)).json().events[0];
    expect(after).toMatchObject({ action: 'export', target: 'audit' });
  });
});
