/**
 * Membership on both databases: invitations (e-mailed link, single use, seven days, hash only,
 * existing e-mail refused, organization-scoped), role changes and removals (last admin kept,
 * sessions ended at once).
 */
import { INVITE_EMAIL_HAS_ACCOUNT, LAST_ADMIN } from '@call-insights/contracts/members';
import { SIGNUP_TAKEN } from '@call-insights/contracts/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, invitations } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { addMember, invitationTokenFor } from '../../test-support/members.js';
import { outboxMessagesTo } from '../../test-support/outbox.js';

describe.each(BACKENDS)('members and invitations on %s', (backend) => {
  let h: Harness;
  let admin: CreatedUser;
  let otherAdmin: CreatedUser;
  let n = 0;
  const freshEmail = () => `invitee_${backend}_${++n}_${Date.now()}@example.com`;

  beforeAll(async () => {
    h = await createHarness(backend, { PUBLIC_URL: 'https://calls.example.com' });
    admin = await createUser(h.app, { organization: 'Acme Roofing' });
    otherAdmin = await createUser(h.app, { organization: 'Other Org' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    who?: CreatedUser,
    payload?: object,
  ) => h.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
  const invite = (email: string, role = 'manager', who = admin, extra: object = {}) =>
    call('POST', '/api/users/invite', who, { email, role, ...extra });
  const accept = (token: string, extra: object = {}) =>
    call('POST', '/api/users/accept-invite', undefined, {
      token,
      firstName: 'Grace',
      lastName: 'Hopper',
      userName: `grace_${++n}_${Date.now()}`,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      ...extra,
    });

  it('mails the invitation in the language of the request: subject, text and HTML', async () => {
    const mailOf = async (lang: string, role: string) => {
      const email = freshEmail();
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/users/invite',
        headers: { ...admin.auth, 'accept-language': lang },
        payload: { email, role },
      });
      expect(res.statusCode).toBe(201);
      const [kept] = await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      return { ...outboxMessagesTo(h.dataDir, email).at(-1)!, html: kept!.html };
    };
    const inviter = 'Ada Lovelace'; // the factory's name of the admin

    const french = await mailOf('fr-FR,fr;q=0.9,en;q=0.8', 'user');
    expect(french.subject).toBe('Vous êtes invité à rejoindre Acme Roofing sur Call Insights');
    expect(french.body).toMatch(
      new RegExp(
        `^Bonjour,\\r\\n\\r\\n${inviter} vous invite à rejoindre Acme Roofing sur Call Insights en tant qu’utilisateur\\.\\r\\n` +
          'Ouvrez ce lien dans les 7 jours pour choisir votre nom et votre mot de passe :\\r\\n\\r\\n' +
          'https://calls\\.example\\.com/accept-invite/[\\w-]+\\r\\n\\r\\n' +
          'Si vous n’attendiez pas cette invitation, ignorez cet e-mail\\.\\r\\n\\r\\n$',
      ),
    );
    expect(french.html).toContain(
      `<p>${inviter} vous invite à rejoindre <b>Acme Roofing</b> sur Call Insights en tant qu’utilisateur.`,
    );
    expect(french.html).toContain('<p>Si vous n’attendiez pas cette invitation, ignorez cet e-mail.</p>');

    const english = await mailOf('en-US,en;q=0.9', 'manager');
    expect(english.subject).toBe('You are invited to join Acme Roofing on Call Insights');
    expect(english.body).toMatch(
      new RegExp(
        `^Hello,\\r\\n\\r\\n${inviter} invited you to join Acme Roofing on Call Insights as a manager\\.\\r\\n` +
          'Open this link within 7 days to choose your name and password:\\r\\n\\r\\n' +
          'https://calls\\.example\\.com/accept-invite/[\\w-]+\\r\\n\\r\\n' +
          'If you did not expect this invitation, ignore this e-mail\\.\\r\\n\\r\\n$',
      ),
    );
    expect(english.html).toContain(
      `<p>${inviter} invited you to join <b>Acme Roofing</b> on Call Insights as a manager.`,
    );
  });

  it('sign-up makes an organization whose only member is its admin', async () => {
    const res = await call('GET', '/api/members', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().members).toEqual([expect.objectContaining({ id: admin.id, role: 'admin' })]);
  });

  it('invites by e-mail; the link opens /accept-invite/{token}; accepting creates the member and signs them in', async () => {
    const email = freshEmail();
    const res = await invite(email.toUpperCase(), 'manager');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'manager', status: 'pending', location_ids: [] });
    const days = (Date.parse(res.json().expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const token = await invitationTokenFor(h, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the SHA-256 is stored.
    const [row] = await h.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const preview = await call('GET', `/api/users/invite/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email, role: 'manager', organization: 'Acme Roofing' });

    const accepted = await accept(token, { firstName: 'Mia', lastName: 'Manager' });
    expect(accepted.statusCode).toBe(201);
    const body = accepted.json();
    expect(body.user).toMatchObject({
      email,
      role: 'manager',
      firstname: 'Mia',
      organization: 'Acme Roofing',
    });
    expect(body.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/users/verify-token',
      headers: { authorization: `Token ${body.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const members = (await call('GET', '/api/members', admin)).json().members;
    expect(members.map((m: { email: string }) => m.email)).toContain(email);
    // The new member is in the inviting organization only.
    const others = (await call('GET', '/api/members', otherAdmin)).json().members;
    expect(others.map((m: { email: string }) => m.email)).not.toContain(email);
    // No longer pending.
    const pending = (await call('GET', '/api/users/invitations', admin)).json().invitations;
    expect(pending.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('gives the accepted member the invitation’s CRM accounts that still exist', async () => {
    type Rows<T> = { rows: T[] };
    const orgId = (
      (await h.database.db.execute(
        sql`select organization_id as id from users where id = ${admin.id}`,
      )) as unknown as Rows<{ id: number }>
    ).rows[0]!;
    const made = (await h.database.db.execute(
      sql`insert into locations (organization_id, crm_location_id, name)
          values (${orgId.id}, 'loc-kept', 'Kept Office'), (${orgId.id}, 'loc-gone', 'Gone Office')
          returning id`,
    )) as unknown as Rows<{ id: number }>;
    const [kept, gone] = made.rows.map((r) => r.id);
    const email = freshEmail();
    const res = await invite(email, 'user', admin, { location_ids: [kept, gone] });
    expect(res.statusCode).toBe(201);
    expect(res.json().location_ids).toEqual([kept, gone]);
    // An account removed between the invitation and its acceptance is skipped.
    await h.database.db.execute(sql`delete from locations where id = ${gone}`);
    const accepted = await accept(await invitationTokenFor(h, email));
    expect(accepted.statusCode).toBe(201);
    const account = await call('GET', `/api/locations/location?id=${kept}`, admin);
    expect(account.statusCode).toBe(200);
    expect(account.json().location.users).toEqual([
      expect.objectContaining({ email, role: 'user', users_locations: { role: 'user' } }),
    ]);
  });

  it('refuses a used invitation (single use), before and at acceptance', async () => {
    const email = freshEmail();
    await invite(email, 'user');
    const token = await invitationTokenFor(h, email);
    expect((await accept(token)).statusCode).toBe(201);
    const again = await accept(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This invitation has already been used. Sign in instead.');
    expect((await call('GET', `/api/users/invite/${token}`)).statusCode).toBe(409);
  });

  it('refuses an expired invitation with a message saying so', async () => {
    const email = freshEmail();
    await invite(email, 'user');
    const token = await invitationTokenFor(h, email);
    await h.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invitations.tokenHash, sha256(token)));
    const res = await accept(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/expired/);
    expect((await call('GET', `/api/users/invite/${token}`)).statusCode).toBe(400);
    const listed = (await call('GET', '/api/users/invitations', admin)).json().invitations;
    expect(listed.find((i: { email: string }) => i.email === email)?.status).toBe('expired');
  });

  it('refuses an unknown, malformed or revoked token', async () => {
    expect((await accept('A'.repeat(43))).statusCode).toBe(404);
    expect((await accept('not a token!')).statusCode).toBe(400);
    const email = freshEmail();
    const created = (await invite(email, 'user')).json();
    const token = await invitationTokenFor(h, email);
    expect((await call('DELETE', `/api/users/invitations/${created.id}`, admin)).statusCode).toBe(204);
    expect((await accept(token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/invitations/${created.id}`, admin)).statusCode).toBe(404);
  });

  it('replaces a pending invitation to the same address: only the newest link works', async () => {
    const email = freshEmail();
    await invite(email, 'user');
    const first = await invitationTokenFor(h, email);
    await invite(email, 'manager');
    const second = await invitationTokenFor(h, email);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(404);
    const ok = await accept(second);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user.role).toBe('manager');
  });

  it('refuses an e-mail that already has an account, in this organization or another', async () => {
    for (const email of [admin.email, otherAdmin.email.toUpperCase()]) {
      const res = await invite(email, 'user');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(INVITE_EMAIL_HAS_ACCOUNT);
    }
    // Someone signs up with the invited address before accepting: the invitation cannot create a second account.
    const email = freshEmail();
    await invite(email, 'user');
    const token = await invitationTokenFor(h, email);
    await createUser(h.app, { email });
    const res = await accept(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(INVITE_EMAIL_HAS_ACCOUNT);
  });

  it('refuses a taken username and mismatched passwords at acceptance, leaving the invitation usable', async () => {
    const email = freshEmail();
    await invite(email, 'user');
    const token = await invitationTokenFor(h, email);
    const taken = await accept(token, { userName: admin.username });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(SIGNUP_TAKEN);
    const mismatch = await accept(token, { confirmPassword: 'something else entirely' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields[0].path).toBe('confirmPassword');
    expect((await accept(token)).statusCode).toBe(201);
  });

  it('keeps invitations to their organization: another admin cannot see, revoke or use their ids', async () => {
    const email = freshEmail();
    const created = (await invite(email, 'user')).json();
    const theirs = (await call('GET', '/api/users/invitations', otherAdmin)).json().invitations;
    expect(theirs.map((i: { id: number }) => i.id)).not.toContain(created.id);
    expect((await call('DELETE', `/api/users/invitations/${created.id}`, otherAdmin)).statusCode).toBe(404);
    // Still pending for its own organization.
    const ours = (await call('GET', '/api/users/invitations', admin)).json().invitations;
    expect(ours.find((i: { id: number }) => i.id === created.id)?.status).toBe('pending');
    // Another organization's CRM account cannot be given.
    const bad = await invite(freshEmail(), 'user', admin, { location_ids: [2147483647] });
    expect(bad.statusCode).toBe(404);
  });

  it('answers bad invitation input with field errors', async () => {
    const res = await call('POST', '/api/users/invite', admin, { email: 'not-an-email', role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['email', 'role']);
  });

  describe('roles and removal', () => {
    it('never lets the last admin go: neither demoted nor removed', async () => {
      const solo = await createUser(h.app);
      const demote = await call('PATCH', `/api/members/${solo.id}`, solo, { role: 'manager' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.message).toBe(LAST_ADMIN);
      expect((await call('DELETE', `/api/members/${solo.id}`, solo)).statusCode).toBe(409);
      // With a second admin, one may step down; then the other is the last again.
      const second = await addMember(h, solo, 'admin');
      expect((await call('PATCH', `/api/members/${solo.id}`, second, { role: 'user' })).statusCode).toBe(200);
      expect((await call('PATCH', `/api/members/${second.id}`, second, { role: 'manager' })).statusCode).toBe(
        409,
      );
      expect((await call('DELETE', `/api/members/${second.id}`, second)).statusCode).toBe(409);
    });

    it('a role change ends the member’s sessions at once; signing in again gives the new role', async () => {
      const member = await addMember(h, admin, 'user');
      expect((await call('GET', '/api/users/verify-token', member)).statusCode).toBe(200); // cached now
      const res = await call('PATCH', `/api/members/${member.id}`, admin, { role: 'manager' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: member.id, role: 'manager' });
      expect((await call('GET', '/api/users/verify-token', member)).statusCode).toBe(401);
      const login = await call('POST', '/api/users/login', undefined, {
        email: member.email,
        password: member.password,
      });
      expect(login.json().user.role).toBe('manager');
      const fresh = { ...member, auth: { authorization: `Token ${login.json().accessToken}` } };
      expect((await call('GET', '/api/manager/dashboard/total-recordings', fresh)).statusCode).toBe(200);
    });

    it('a removed member’s token is refused at once and they cannot sign in; their recordings stay', async () => {
      const member = await addMember(h, admin, 'user');
      const imported = await call('POST', '/api/recordings/samples', member);
      expect(imported.statusCode).toBe(201);
      const ids: number[] = imported.json().ids;
      expect((await call('GET', '/api/analysis/transcriptions', member)).statusCode).toBe(200); // cached now
      expect((await call('DELETE', `/api/members/${member.id}`, admin)).statusCode).toBe(204);
      expect((await call('GET', '/api/analysis/transcriptions', member)).statusCode).toBe(401);
      const login = await call('POST', '/api/users/login', undefined, {
        email: member.email,
        password: member.password,
      });
      expect(login.statusCode).toBe(401);
      const members = (await call('GET', '/api/members', admin)).json().members;
      expect(members.map((m: { id: number }) => m.id)).not.toContain(member.id);
      expect((await call('GET', `/api/analysis/analysis?id=${ids[0]}`, admin)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/members/${member.id}`, admin)).statusCode).toBe(404);
    });

    it('keeps other organizations’ members out of reach (404)', async () => {
      const theirs = await addMember(h, otherAdmin, 'user');
      expect((await call('PATCH', `/api/members/${theirs.id}`, admin, { role: 'admin' })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/api/members/${theirs.id}`, admin)).statusCode).toBe(404);
      expect((await call('GET', '/api/users/verify-token', theirs)).statusCode).toBe(200);
      expect((await call('PATCH', `/api/members/abc`, admin, { role: 'admin' })).statusCode).toBe(400);
      expect((await call('PATCH', `/api/members/${theirs.id}`, admin, { role: 'owner' })).statusCode).toBe(
        400,
      );
    });
  });
});

describe.each(BACKENDS)('invitation e-mails per hour on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend, { INVITES_PER_HOUR_PER_ORG: '4', INVITES_PER_HOUR_PER_ADDRESS: '2' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stops an organization mailing one address, or anyone, past the hourly count, with the wait', async () => {
    const admin = await createUser(h.app, { organization: 'Busy Org' });
    const other = await createUser(h.app, { organization: 'Quiet Org' });
    const invite = (who: CreatedUser, email: string, lang = 'en') =>
      h.app.inject({
        method: 'POST',
        url: '/api/users/invite',
        headers: { ...who.auth, 'accept-language': lang },
        payload: { email, role: 'user' },
      });
    expect((await invite(admin, 'same@example.com')).statusCode).toBe(201);
    expect((await invite(admin, 'SAME@example.com')).statusCode).toBe(201);
    const third = await invite(admin, 'same@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(
      'This address was already sent 2 invitations in the last hour. Try again in 60 minutes.',
    );
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await invite(admin, 'a@example.com')).statusCode).toBe(201);
    expect((await invite(admin, 'b@example.com')).statusCode).toBe(201);
    const fifth = await invite(admin, 'c@example.com', 'fr');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.message).toBe(
      'Votre organisation a envoyé 4 invitations dans la dernière heure. Réessayez dans 60 minutes.',
    );
    // Refused invitations send nothing; another organization is not held back.
    const sent = await h.database.db.select().from(invitations);
    expect(sent.filter((i) => i.email.toLowerCase() === 'c@example.com')).toEqual([]);
    expect((await invite(other, 'c@example.com')).statusCode).toBe(201);
  });
});
