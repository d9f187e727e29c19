import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser } from '../../test-support/factories.js';

/** The reset e-mail goes out through a real SMTP server on 127.0.0.1 and its link works. */
describe('password reset over SMTP', () => {
  let smtp: SMTPServer;
  let h: Harness;
  const inbox: { to: string; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    h = await createHarness('pglite', {
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      PUBLIC_URL: 'https://calls.example.com',
    });
  });
  afterAll(async () => {
    await h?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails a link that resets the password once', async () => {
    const u = await createUser(h.app);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/users/forgotPassword',
      payload: { email: u.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = inbox.find((m) => m.to === u.email);
    expect(mail).toBeDefined();
    // Quoted-printable may wrap long lines with "=\r\n"; unwrap before reading the link.
    const body = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /https:\/\/calls\.example\.com\/reset-password\/([A-Za-z0-9_-]+)/.exec(body);
    expect(match).not.toBeNull();
    const token = match![1]!;
    const reset = await h.app.inject({
      method: 'POST',
      url: '/api/users/resetpassword',
      payload: { token, password: 'mailed new password' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: u.email, password: 'mailed new password' },
    });
    expect(login.statusCode).toBe(200);
  });
});
