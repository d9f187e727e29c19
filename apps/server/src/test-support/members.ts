/** Test helpers for teams: invitations accepted through the real API, the link read from the outbox folder. */
import crypto from 'node:crypto';
import type { LoginResponse } from '@call-insights/contracts/users';
import type { Harness } from './app-harness.js';
import type { CreatedUser } from './factories.js';
import { outboxMailsTo } from './outbox.js';

/** The token of the newest invitation e-mailed to `email` (outbox: no SMTP in tests). */
export async function invitationTokenFor(h: Harness, email: string): Promise<string> {
  const mail = outboxMailsTo(h.dataDir, email.toLowerCase()).at(-1);
  const token = /\/accept-invite\/([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

/** Invites a member with `role` as `admin`, accepts the invitation, and signs them in. */
export async function addMember(
  h: Harness,
  admin: CreatedUser,
  role: 'admin' | 'manager' | 'user',
  overrides: Partial<{ firstName: string; lastName: string }> = {},
): Promise<CreatedUser> {
  const tag = crypto.randomBytes(4).toString('hex');
  const email = `${role}_${tag}@example.com`;
  const invite = await h.app.inject({
    method: 'POST',
    url: '/api/users/invite',
    headers: admin.auth,
    payload: { email, role },
  });
  if (invite.statusCode !== 201) throw new Error(`invite failed: ${invite.statusCode} ${invite.body}`);
  const token = await invitationTokenFor(h, email);
  const password = 'correct horse battery';
  const accept = await h.app.inject({
    method: 'POST',
    url: '/api/users/accept-invite',
    payload: {
      token,
      firstName: overrides.firstName ?? 'Grace',
      lastName: overrides.lastName ?? 'Hopper',
      userName: `${role}_${tag}`,
      password,
      confirmPassword: password,
    },
  });
  if (accept.statusCode !== 201) throw new Error(`accept failed: ${accept.statusCode} ${accept.body}`);
  const { accessToken, user } = accept.json<LoginResponse>();
  return {
    id: user.id,
    email,
    username: `${role}_${tag}`,
    password,
    token: accessToken,
    auth: { authorization: `Token ${accessToken}` },
  };
}
