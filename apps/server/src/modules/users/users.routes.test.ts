import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyKeys, emailOutbox, passwordResetTokens, users } from '../../db/schema.js';
import { createSealer } from '../../lib/crypto.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser } from '../../test-support/factories.js';
import { outboxMailsTo, outboxMessagesTo } from '../../test-support/outbox.js';

describe.each(BACKENDS)('accounts API on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'PUT', url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });

  /** Adds a member to an existing organization the way an invitation will (direct insert). */
  async function addMember(organizationId: number, role: 'user' | 'manager' = 'user') {
    const email = `member_${Math.random().toString(36).slice(2, 8)}@example.com`;
    const [row] = await h.database.db
      .insert(users)
      .values({
        organizationId,
        firstName: 'Mem',
        lastName: 'Ber',
        username: email.split('@')[0] ?? 'member',
        email,
        passwordHash: await hash('member password'),
        role,
      })
      .returning({ id: users.id });
    const login = await post('/api/users/login', { email, password: 'member password' });
    return { id: row!.id, auth: { authorization: `Token ${login.json().accessToken}` } };
  }

  describe('sign-up', () => {
    it('creates the account, a new organization, and makes its first user admin', async () => {
      const res = await post('/api/users', {
        firstName: 'Grace',
        lastName: 'Hopper',
        userName: 'ghopper',
        email: 'Grace@Example.com',
        organization: 'Navy Sales',
        password: 'cobol-forever',
        confirmPassword: 'cobol-forever',
      });
      expect(res.statusCode).toBe(201);
      const { id } = res.json();
      const login = await post('/api/users/login', { email: 'grace@example.com', password: 'cobol-forever' });
      expect(login.statusCode).toBe(200);
      const body = login.json();
      expect(body.user).toMatchObject({
        id,
        role: 'admin',
        organization: 'Navy Sales',
        email: 'grace@example.com',
      });
      expect(body.user).not.toHaveProperty('passwordHash');
      expect(login.body).not.toContain('argon2');
    });

    it('refuses a duplicate username or e-mail with the spec message', async () => {
      const u = await createUser(h.app);
      const sameEmail = await post('/api/users', {
        firstName: 'X',
        lastName: 'Y',
        userName: 'someone_else',
        email: u.email.toUpperCase(),
        organization: 'Other',
        password: 'password123',
        confirmPassword: 'password123',
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().error.message).toBe('This username or email is already taken.');
      const sameName = await post('/api/users', {
        firstName: 'X',
        lastName: 'Y',
        userName: u.username.toUpperCase(),
        email: 'fresh@example.com',
        organization: 'Other',
        password: 'password123',
        confirmPassword: 'password123',
      });
      expect(sameName.statusCode).toBe(409);
    });

    it('lists missing and wrong-typed fields', async () => {
      const res = await post('/api/users', { firstName: 42, email: 'not-an-email', password: 'short' });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      const paths = error.fields.map((f: { path: string }) => f.path);
      expect(paths).toEqual(
        expect.arrayContaining(['firstName', 'lastName', 'userName', 'email', 'organization', 'password']),
      );
    });

    it('refuses mismatched passwords on the confirmPassword field', async () => {
      const res = await post('/api/users', {
        firstName: 'A',
        lastName: 'B',
        userName: 'mismatch',
        email: 'mismatch@example.com',
        organization: 'O',
        password: 'password123',
        confirmPassword: 'password124',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([
        { path: 'confirmPassword', message: "Password and Confirm password isn't matched" },
      ]);
    });

    it('answers malformed JSON with 400 and no stack trace', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { 'content-type': 'application/json' },
        payload: '{"firstName":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
      });
    });

    it('answers a body that is not JSON (text, a form, a bad address) with the reason, not a field puzzle', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const res = await h.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: { 'content-type': type, 'accept-language': 'fr' },
          payload: 'firstName=Ada',
        });
        expect(res.statusCode).toBe(415);
        expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
        expect(res.json().error.message).toMatch(/JSON/);
      }
      const badUrl = await h.app.inject({ method: 'GET', url: '/api/recordings/%ZZ/audio' });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: 'This address is not valid.' },
      });
    });

    it('answers an oversize body with 413', async () => {
      const res = await post('/api/users', { firstName: 'x'.repeat(2_000_000) });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers a non-JSON content type with 415', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'text/xml' },
        payload: '<login/>',
      });
      expect(res.statusCode).toBe(415);
    });

    it('stores SQL-looking text literally and keeps working', async () => {
      const evil = "Robert'); DROP TABLE users;--";
      const u = await createUser(h.app, { firstName: evil, organization: "x' OR '1'='1" });
      const me = await get(`/api/users/userId/${u.id}`, u.auth);
      expect(me.statusCode).toBe(200);
      expect(me.json().firstname).toBe(evil);
      const bad = await post('/api/users/login', { email: "' OR 1=1 --@x.io", password: 'whatever' });
      expect(bad.statusCode).toBe(400);
      const bad2 = await post('/api/users/login', { email: 'a@b.co', password: "' OR '1'='1" });
      expect(bad2.statusCode).toBe(401);
    });
  });

  describe('sign-in and tokens', () => {
    it('answers Wrong Password and Wrong User', async () => {
      const u = await createUser(h.app);
      const wrongPw = await post('/api/users/login', { email: u.email, password: 'not the password' });
      expect(wrongPw.statusCode).toBe(401);
      expect(wrongPw.json().error.message).toBe('Wrong Password');
      const wrongUser = await post('/api/users/login', {
        email: 'nobody@example.com',
        password: 'whatever1',
      });
      expect(wrongUser.statusCode).toBe(401);
      expect(wrongUser.json().error.message).toBe('Wrong User');
    });

    it('issues a token with exp that verify-token accepts, with Token or Bearer', async () => {
      const u = await createUser(h.app);
      const payload = JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString());
      const now = Math.floor(Date.now() / 1000);
      expect(payload.exp - now).toBeGreaterThan(24 * 3600 - 60);
      expect(payload.exp - now).toBeLessThanOrEqual(24 * 3600);
      expect((await get('/api/users/verify-token', u.auth)).statusCode).toBe(200);
      expect((await get('/api/users/verify-token', { authorization: `Bearer ${u.token}` })).statusCode).toBe(
        200,
      );
    });

    it('refuses missing, tampered, foreign-signed and expired tokens', async () => {
      const u = await createUser(h.app);
      expect((await get('/api/users/verify-token')).statusCode).toBe(401);
      const [head, body, sig] = u.token.split('.');
      const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
      const tampered = await get('/api/users/verify-token', {
        authorization: `Token ${head}.${forged}.${sig}`,
      });
      expect(tampered.statusCode).toBe(401);
      expect(tampered.json().error.code).toBe('UNAUTHORIZED');
      const foreign = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(u.id))
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('some other secret that is long enough!!'));
      expect((await get('/api/users/verify-token', { authorization: `Token ${foreign}` })).statusCode).toBe(
        401,
      );
      const expired = await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(u.id))
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode(h.secrets.jwtSecret));
      const res = await get('/api/users/verify-token', { authorization: `Token ${expired}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        code: 'TOKEN_EXPIRED',
        message: 'Your session has expired. Please sign in again.',
      });
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
      expect((await get('/api/users/verify-token', { authorization: `Token ${none}` })).statusCode).toBe(401);
    });

    it('refuses a token signed with our key whose claims are not what we issue (401, not 500)', async () => {
      const u = await createUser(h.app);
      const key = new TextEncoder().encode(h.secrets.jwtSecret);
      const inAnHour = Math.floor(Date.now() / 1000) + 3600;
      for (const claims of [
        { sub: '99999999999999999999', exp: inAnHour },
        { sub: '2147483648', exp: inAnHour },
        { sub: '0x1', exp: inAnHour },
        { sub: String(u.id), exp: 1e300 },
        { sub: String(u.id), exp: inAnHour + 0.5 },
      ]) {
        const token = await new SignJWT({ tv: 0, ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(key);
        for (const url of ['/api/users/verify-token', '/api/analysis/transcriptions']) {
          const res = await get(url, { authorization: `Bearer ${token}` });
          expect(res.statusCode, `${url} ${JSON.stringify(claims)}`).toBe(401);
          expect(res.json().error.code).toBe('UNAUTHORIZED');
        }
      }
    });
  });

  describe('reading and changing accounts', () => {
    it('lets a user read their own account but not another tenant’s (404)', async () => {
      const a = await createUser(h.app);
      const b = await createUser(h.app);
      const mine = await get(`/api/users/userId/${a.id}`, a.auth);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ id: a.id, email: a.email, username: a.username });
      expect((await get(`/api/users/userId/${b.id}`, a.auth)).statusCode).toBe(404);
      expect((await get(`/api/users/userId/999999`, a.auth)).statusCode).toBe(404);
      expect((await get(`/api/users/userId/abc`, a.auth)).statusCode).toBe(400);
      expect((await get(`/api/users/userId/${a.id}`)).statusCode).toBe(401);
    });

    it('lets an admin read users of their organization, and not the other way round', async () => {
      const admin = await createUser(h.app);
      const me = (await get(`/api/users/userId/${admin.id}`, admin.auth)).json();
      const member = await addMember(me.organizationId);
      expect((await get(`/api/users/userId/${member.id}`, admin.auth)).statusCode).toBe(200);
      const denied = await get(`/api/users/userId/${admin.id}`, member.auth);
      expect(denied.statusCode).toBe(403);
      expect((await get(`/api/users/user-type?user_id=${member.id}`, admin.auth)).json()).toEqual({
        user_type: 'Location',
      });
    });

    it('updates the profile; e-mail stays read-only; taken usernames are refused', async () => {
      const a = await createUser(h.app);
      const b = await createUser(h.app);
      const ok = await put(
        '/api/users',
        { first_name: 'Augusta', last_name: 'King', email: a.email, username: `${a.username}_2` },
        a.auth,
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        firstname: 'Augusta',
        lastname: 'King',
        username: `${a.username}_2`,
      });
      const other = await put(
        '/api/users',
        { first_name: 'A', last_name: 'B', email: b.email, username: 'whatever_x' },
        a.auth,
      );
      expect(other.statusCode).toBe(403);
      const taken = await put(
        '/api/users',
        { first_name: 'A', last_name: 'B', email: a.email, username: b.username },
        a.auth,
      );
      expect(taken.statusCode).toBe(409);
      const empty = await put(
        '/api/users',
        { first_name: '  ', last_name: 'B', email: a.email, username: 'valid_name' },
        a.auth,
      );
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.fields[0].path).toBe('first_name');
    });

    it('changes the password, ends older sessions and signs in with the new one', async () => {
      const a = await createUser(h.app);
      const short = await put(
        '/api/users/change-password',
        { email: a.email, currentPassword: a.password, password: 'short' },
        a.auth,
      );
      expect(short.statusCode).toBe(400);
      const res = await put(
        '/api/users/change-password',
        { email: a.email, currentPassword: a.password, password: 'a brand new password' },
        a.auth,
      );
      expect(res.statusCode).toBe(200);
      const fresh = res.json().accessToken as string;
      expect((await get('/api/users/verify-token', a.auth)).statusCode).toBe(401);
      expect((await get('/api/users/verify-token', { authorization: `Token ${fresh}` })).statusCode).toBe(
        200,
      );
      expect((await post('/api/users/login', { email: a.email, password: a.password })).statusCode).toBe(401);
      expect(
        (await post('/api/users/login', { email: a.email, password: 'a brand new password' })).statusCode,
      ).toBe(200);
    });

    it('needs the current password: a stolen session alone cannot take the account over', async () => {
      const a = await createUser(h.app);
      const missing = await put(
        '/api/users/change-password',
        { email: a.email, password: 'taken over now' },
        a.auth,
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields[0].path).toBe('currentPassword');
      const wrong = await put(
        '/api/users/change-password',
        { email: a.email, currentPassword: 'a guess', password: 'taken over now' },
        a.auth,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The current password is not correct.',
        fields: [{ path: 'currentPassword', message: 'The current password is not correct.' }],
      });
      // The owner keeps the account and the session.
      expect((await post('/api/users/login', { email: a.email, password: a.password })).statusCode).toBe(200);
      expect((await get('/api/users/verify-token', a.auth)).statusCode).toBe(200);
    });

    it('a reset or a change cancels every other open reset link', async () => {
      const a = await createUser(h.app);
      await post('/api/users/forgotPassword', { email: a.email });
      await post('/api/users/forgotPassword', { email: a.email });
      const mails = outboxMailsTo(h.dataDir, a.email.toLowerCase());
      const tokens = mails.map((m) => /reset-password\/([A-Za-z0-9_-]+)/.exec(m)?.[1]).filter(Boolean);
      expect(tokens).toHaveLength(2);
      const first = await post('/api/users/resetpassword', { token: tokens[0], password: 'reset once only' });
      expect(first.statusCode).toBe(200);
      const second = await post('/api/users/resetpassword', {
        token: tokens[1],
        password: 'and again later',
      });
      expect(second.statusCode).toBe(400);
      // A change of password (with the current one) also ends a link asked for before it.
      await post('/api/users/forgotPassword', { email: a.email });
      const all = outboxMailsTo(h.dataDir, a.email.toLowerCase());
      const third = /reset-password\/([A-Za-z0-9_-]+)/.exec(all.at(-1)!)![1];
      const login = await post('/api/users/login', { email: a.email, password: 'reset once only' });
      const auth = { authorization: `Token ${login.json().accessToken}` };
      const change = await put(
        '/api/users/change-password',
        { email: a.email, currentPassword: 'reset once only', password: 'changed by the owner' },
        auth,
      );
      expect(change.statusCode).toBe(200);
      expect(
        (await post('/api/users/resetpassword', { token: third, password: 'an attacker wins' })).statusCode,
      ).toBe(400);
    });

    it('signs a new account in at once, so onboarding can reach the CRM consent page', async () => {
      const tag = Math.random().toString(36).slice(2, 8);
      const res = await post('/api/users', {
        firstName: 'New',
        lastName: 'Comer',
        userName: `new_${tag}`,
        email: `new_${tag}@example.com`,
        organization: `Fresh ${tag}`,
        password: 'a good long password',
        confirmPassword: 'a good long password',
      });
      expect(res.statusCode).toBe(201);
      const { id, accessToken, expiresAt } = res.json();
      expect(expiresAt).toBeGreaterThan(Date.now() / 1000);
      const verify = await get('/api/users/verify-token', { authorization: `Token ${accessToken}` });
      expect(verify.json()).toMatchObject({ valid: true, userId: id });
    });

    it('refuses to change someone else’s password', async () => {
      const a = await createUser(h.app);
      const b = await createUser(h.app);
      const res = await put(
        '/api/users/change-password',
        { email: b.email, currentPassword: a.password, password: 'hijacked password' },
        a.auth,
      );
      expect(res.statusCode).toBe(403);
      expect((await post('/api/users/login', { email: b.email, password: b.password })).statusCode).toBe(200);
    });

    it('sets and reads the user type, only for oneself', async () => {
      const a = await createUser(h.app);
      const b = await createUser(h.app);
      expect((await get(`/api/users/user-type?user_id=${a.id}`, a.auth)).json()).toEqual({
        user_type: 'Location',
      });
      const set = await put('/api/users/user-type', { user_type: 'Company', user_id: a.id }, a.auth);
      expect(set.json()).toEqual({ success: 'success' });
      expect((await get(`/api/users/user-type?user_id=${a.id}`, a.auth)).json()).toEqual({
        user_type: 'Company',
      });
      expect(
        (await put('/api/users/user-type', { user_type: 'Company', user_id: b.id }, a.auth)).statusCode,
      ).toBe(403);
      expect(
        (await put('/api/users/user-type', { user_type: 'Agency', user_id: a.id }, a.auth)).statusCode,
      ).toBe(400);
      expect((await get(`/api/users/user-type?user_id=${b.id}`, a.auth)).statusCode).toBe(404);
    });

    it('stores the agency key encrypted and never returns it', async () => {
      const a = await createUser(h.app);
      const key = 'pit-1234-secret-agency-key';
      const res = await post(
        '/api/users/agencyKey',
        { user_id: a.id, source_id: 1, type_id: 3, organization_id: 1, key },
        a.auth,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: 'success' });
      const [row] = await h.database.db.select().from(agencyKeys).where(eq(agencyKeys.userId, a.id));
      expect(row!.keyEncrypted).not.toContain(key);
      expect(createSealer(h.secrets.encryptionKey).open(row!.keyEncrypted)).toBe(key);
      const me = await get(`/api/users/userId/${a.id}`, a.auth);
      expect(me.json().hasAgencyKey).toBe(true);
      expect(me.body).not.toContain(key);
      const b = await createUser(h.app);
      expect(
        (
          await post(
            '/api/users/agencyKey',
            { user_id: b.id, source_id: 1, type_id: 3, organization_id: 1, key },
            a.auth,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await post(
            '/api/users/agencyKey',
            { user_id: a.id, source_id: 2, type_id: 3, organization_id: 1, key },
            a.auth,
          )
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('password reset by e-mail (outbox, no SMTP configured)', () => {
    async function requestResetToken(email: string): Promise<string> {
      const res = await post('/api/users/forgotPassword', { email });
      expect(res.statusCode).toBe(200);
      const mails = outboxMailsTo(h.dataDir, email.toLowerCase());
      const link = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '');
      expect(link).not.toBeNull();
      // The table keeps a copy whose link no longer works.
      const kept = await h.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, email.toLowerCase()));
      expect(kept.at(-1)!.text).toContain('/reset-password/[redacted]');
      expect(kept.at(-1)!.text).not.toContain(link![1]!);
      return link![1]!;
    }

    it('answers Wrong email for an unknown address', async () => {
      const res = await post('/api/users/forgotPassword', { email: 'ghost@example.com' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Wrong email');
    });

    it('mails in the language of the request: subject, text and HTML', async () => {
      const a = await createUser(h.app, { firstName: 'Zoé <b>' });
      const email = a.email.toLowerCase();
      const html = async () =>
        (await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).at(-1)!.html;

      expect(
        (await post('/api/users/forgotPassword', { email: a.email }, { 'accept-language': 'fr-FR,fr;q=0.9' }))
          .statusCode,
      ).toBe(200);
      const french = outboxMessagesTo(h.dataDir, email).at(-1)!;
      expect(french.subject).toBe('Réinitialisez votre mot de passe Call Insights');
      expect(french.body).toMatch(
        /^Bonjour Zoé <b>,\r\n\r\nQuelqu’un a demandé à réinitialiser le mot de passe de votre compte Call Insights\.\r\nOuvrez ce lien dans l’heure pour choisir un nouveau mot de passe :\r\n\r\n\S+\/reset-password\/[\w-]+\r\n\r\nSi ce n’était pas vous, ignorez cet e-mail ; votre mot de passe reste le même\.\r\n\r\n$/,
      );
      expect(french.body).not.toMatch(/Hello|password stays/);
      expect(await html()).toBe(
        '<p>Bonjour Zoé &#60;b&#62;,</p><p>Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Call Insights. Ouvrez ce lien dans l’heure pour choisir un nouveau mot de passe :</p>' +
          `<p><a href="${await maskedLink()}">${await maskedLink()}</a></p><p>Si ce n’était pas vous, ignorez cet e-mail ; votre mot de passe reste le même.</p>`,
      );

      expect(
        (await post('/api/users/forgotPassword', { email: a.email }, { 'accept-language': 'en-US,en;q=0.9' }))
          .statusCode,
      ).toBe(200);
      const english = outboxMessagesTo(h.dataDir, email).at(-1)!;
      expect(english.subject).toBe('Reset your Call Insights password');
      expect(english.body).toMatch(
        /^Hello Zoé <b>,\r\n\r\nSomeone asked to reset the password of your Call Insights account\.\r\nOpen this link within one hour to choose a new password:\r\n\r\n\S+\/reset-password\/[\w-]+\r\n\r\nIf it was not you, ignore this e-mail; your password stays the same\.\r\n\r\n$/,
      );
      expect(await html()).toMatch(/^<p>Hello Zoé &#60;b&#62;,<\/p><p>Someone asked to reset the password/);

      async function maskedLink() {
        const text = (await h.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).at(
          -1,
        )!.text;
        return /\S+\/reset-password\/\S+/.exec(text)![0];
      }
    });

    it('resets once with the mailed token; stores only its hash; a reused token fails', async () => {
      const a = await createUser(h.app);
      const token = await requestResetToken(a.email);
      const stored = await h.database.db.select().from(passwordResetTokens);
      expect(stored.some((r) => r.tokenHash === token)).toBe(false);
      const reset = await post('/api/users/resetpassword', { token, password: 'reset password 1' });
      expect(reset.statusCode).toBe(200);
      expect(
        (await post('/api/users/login', { email: a.email, password: 'reset password 1' })).statusCode,
      ).toBe(200);
      const again = await post('/api/users/resetpassword', { token, password: 'reset password 2' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.message).toMatch(/invalid or has expired/);
      expect(
        (await post('/api/users/login', { email: a.email, password: 'reset password 2' })).statusCode,
      ).toBe(401);
    });

    it('refuses an expired token and an unknown one', async () => {
      const a = await createUser(h.app);
      const token = await requestResetToken(a.email);
      await h.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
      expect(
        (await post('/api/users/resetpassword', { token, password: 'too late password' })).statusCode,
      ).toBe(400);
      expect(
        (await post('/api/users/resetpassword', { token: 'x'.repeat(43), password: 'guess password' }))
          .statusCode,
      ).toBe(400);
    });
  });

  it('reports database and queue health', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, driver: backend },
      queue: { ok: true },
    });
  });
});
