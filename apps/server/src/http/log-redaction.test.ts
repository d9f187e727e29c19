/**
 * What the logs may hold: the service's own logger, captured while a user does everything that puts
 * a working secret in a URL or an e-mail — a password reset, an invitation, a share link opened, a
 * signed audio URL played, the live-notification stream — must never write one of those secrets.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../test-support/factories.js';
import { invitationTokenFor } from '../test-support/members.js';
import { outboxMailsTo } from '../test-support/outbox.js';

describe('logs', () => {
  let h: Harness;
  let user: CreatedUser;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });

  beforeAll(async () => {
    h = await createHarness('pglite', {}, { logStream: sink });
    user = await createUser(h.app);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, auth: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, payload: object, auth: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url, payload, headers: auth });

  it('never hold a working reset, invitation, share, audio or stream token', async () => {
    const secrets: string[] = [];

    // Password reset: the e-mailed link, then the page it opens.
    expect((await post('/api/users/forgotPassword', { email: user.email })).statusCode).toBe(200);
    const reset = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(
      outboxMailsTo(h.dataDir, user.email).at(-1) ?? '',
    );
    expect(reset).not.toBeNull();
    secrets.push(reset![1]!);
    await get(`/reset-password/${reset![1]}`);

    // Invitation: the e-mailed link and its preview.
    const email = `invitee_${Date.now()}@example.com`;
    expect((await post('/api/users/invite', { email, role: 'user' }, user.auth)).statusCode).toBe(201);
    const invitation = await invitationTokenFor(h, email);
    secrets.push(invitation);
    expect((await get(`/api/users/invite/${invitation}`)).statusCode).toBe(200);

    // A call shared by link, opened signed out; its audio played through a signed URL.
    const samples = await post('/api/recordings/samples', {}, user.auth);
    const id = (samples.json().ids as number[])[0]!;
    const share = await post('/api/analysis/link-generator', { id }, user.auth);
    expect(share.statusCode).toBe(200);
    secrets.push(share.json().token as string);
    await get(`/api/analysis/shareable?link=${share.json().token}`);
    await get(`/share/${share.json().token}`);
    const audio = await get(`/api/recordings/${id}/audio-url`, user.auth);
    const signed = audio.json().url as string;
    secrets.push(new URL(signed, 'http://x').searchParams.get('sig')!);
    await get(signed);

    // The bell's event stream address.
    const stream = await post('/api/notifications/stream-token', {}, user.auth);
    secrets.push(new URL(stream.json().url as string, 'http://x').searchParams.get('token')!);

    // The session itself.
    secrets.push(user.auth.authorization!.replace(/^Token /, ''));

    const log = lines.join('');
    expect(log).toContain('[redacted]');
    expect(log).toMatch(/"url":"\/api\/analysis\/shareable\?link=\[redacted\]"/);
    expect(log).toMatch(/"url":"\/reset-password\/\[redacted\]"/);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log).not.toContain(secret);
    }
  });
});
