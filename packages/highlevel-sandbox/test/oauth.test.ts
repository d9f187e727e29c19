import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/index.js';
import {
  REDIRECT_URI,
  api,
  approve,
  exchangeCode,
  installCompany,
  installLocation,
  tokenRequest,
  type Tokens,
} from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: 3, callsPerLocation: 5 });
});
afterAll(async () => {
  await sb.close();
});

const refresh = (token: string, secret = sb.clientSecret) =>
  tokenRequest(sb, {
    client_id: sb.clientId,
    client_secret: secret,
    grant_type: 'refresh_token',
    refresh_token: token,
  });

describe('consent page', () => {
  it('lists the company and every location, carries the state and has an Approve button', async () => {
    for (const path of ['/oauth/chooselocation', '/v2/oauth/chooselocation']) {
      const url = new URL(sb.consentUrl({ redirectUri: REDIRECT_URI, state: 'st<"&>ate' }));
      const res = await fetch(new URL(`${path}${url.search}`, sb.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toMatch(/<button type="submit">Approve<\/button>/);
      expect(html).toContain('name="state" value="st&lt;&quot;&amp;&gt;ate"');
      expect(html).toContain(`value="company:${sb.companyId}"`);
      for (const l of sb.locations) {
        expect(html).toContain(`value="location:${l.id}"`);
        expect(html).toContain(l.name);
      }
    }
  });

  it('refuses an unknown client id or a missing redirect URI with an error page', async () => {
    const url = new URL(sb.consentUrl({ redirectUri: REDIRECT_URI }));
    url.searchParams.set('client_id', 'someone-else');
    expect((await fetch(url)).status).toBe(400);
    url.searchParams.set('client_id', sb.clientId);
    url.searchParams.delete('redirect_uri');
    expect((await fetch(url)).status).toBe(400);
  });

  it('Approve redirects to the redirect URI with a code and the given state', async () => {
    const target = await approve(sb, `location:${sb.locations[1]!.id}`, 'my-csrf-state');
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get('state')).toBe('my-csrf-state');
    expect(target.searchParams.get('code')).toMatch(/^code-/);
  });
});

describe('token exchange', () => {
  it('a Location install gives a location token that sees only its location', async () => {
    const [a, b] = sb.locations;
    const t = await installLocation(sb, a!.id);
    expect(t).toMatchObject({
      token_type: 'Bearer',
      expires_in: 86399,
      userType: 'Location',
      locationId: a!.id,
      companyId: sb.companyId,
      userId: sb.userId,
    });
    expect(t.refresh_token).toEqual(expect.any(String));
    expect(t).not.toHaveProperty('approvedLocations');
    expect((await api(sb, `/locations/${a!.id}`, { token: t.access_token })).status).toBe(200);
    const other = await api(sb, `/locations/${b!.id}`, { token: t.access_token });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ statusCode: 403 });
    const otherCalls = await api(sb, `/conversations/messages/export?locationId=${b!.id}&channel=Call`, {
      token: t.access_token,
    });
    expect(otherCalls.status).toBe(403);
    const otherContact = sb.data.contacts.find((c) => c.locationId === b!.id)!;
    expect((await api(sb, `/contacts/${otherContact.id}`, { token: t.access_token })).status).toBe(403);
  });

  it('a Company install lists its locations and mints location tokens without refresh token', async () => {
    const t = await installCompany(sb);
    expect(t).toMatchObject({ userType: 'Company', companyId: sb.companyId });
    expect(t).not.toHaveProperty('locationId');
    expect(t.approvedLocations).toEqual(sb.locations.map((l) => l.id));
    const search = await api(sb, `/locations/search?companyId=${sb.companyId}&limit=2&skip=1`, {
      token: t.access_token,
    });
    expect(((await search.json()) as { locations: { id: string }[] }).locations.map((l) => l.id)).toEqual(
      sb.locations.slice(1, 3).map((l) => l.id),
    );
    // The company token cannot read a location's calls itself.
    const target = sb.locations[2]!.id;
    const direct = await api(sb, `/conversations/messages/export?locationId=${target}`, {
      token: t.access_token,
    });
    expect(direct.status).toBe(401);
    const minted = await api(sb, '/oauth/locationToken', {
      token: t.access_token,
      form: { companyId: sb.companyId, locationId: target },
    });
    expect(minted.status).toBe(200);
    const lt = (await minted.json()) as Tokens;
    expect(lt.locationId).toBe(target);
    expect(lt).not.toHaveProperty('refresh_token');
    const calls = await api(sb, `/conversations/messages/export?locationId=${target}&channel=Call`, {
      token: lt.access_token,
    });
    expect(calls.status).toBe(200);
    expect(sb.state().locationTokensIssued).toBeGreaterThanOrEqual(1);
  });

  it('a code works once, and not after it was used or with another redirect URI', async () => {
    const target = await approve(sb, `location:${sb.locations[0]!.id}`);
    const code = target.searchParams.get('code') as string;
    const wrongRedirect = await tokenRequest(sb, {
      client_id: sb.clientId,
      client_secret: sb.clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:9/elsewhere',
    });
    expect(wrongRedirect.status).toBe(400);
    await exchangeCode(sb, code, 'Location');
    const reused = await tokenRequest(sb, {
      client_id: sb.clientId,
      client_secret: sb.clientSecret,
      grant_type: 'authorization_code',
      code,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      statusCode: 400,
      message: 'Invalid grant: authorization code was already used',
      traceId: expect.any(String),
    });
  });

  it('refuses a user_type that does not match the install', async () => {
    const target = await approve(sb, `company:${sb.companyId}`);
    const res = await tokenRequest(sb, {
      client_id: sb.clientId,
      client_secret: sb.clientSecret,
      grant_type: 'authorization_code',
      code: target.searchParams.get('code') as string,
      user_type: 'Location',
    });
    expect(res.status).toBe(400);
  });

  it('refresh tokens rotate: the new one works, the old one is dead (401)', async () => {
    const first = await installLocation(sb, sb.locations[0]!.id);
    const before = sb.state().tokenRefreshCount;
    const r1 = await refresh(first.refresh_token);
    expect(r1.status).toBe(200);
    const second = (await r1.json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.locationId).toBe(sb.locations[0]!.id);
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid token: refresh token was already used',
    });
    expect((await refresh(second.refresh_token)).status).toBe(200);
    expect(sb.state().tokenRefreshCount).toBe(before + 2);
  });

  it('refuses an unknown refresh token (401) and a wrong client secret (401)', async () => {
    expect((await refresh('refresh-unknown')).status).toBe(401);
    const t = await installLocation(sb, sb.locations[0]!.id);
    const wrong = await refresh(t.refresh_token, 'not-the-secret');
    expect(wrong.status).toBe(401);
    // A refused request does not burn the refresh token.
    expect((await refresh(t.refresh_token)).status).toBe(200);
  });

  it('a token without the needed scope gets 401', async () => {
    const t = await installLocation(sb, sb.locations[0]!.id, ['locations.readonly']);
    expect((await api(sb, `/locations/${sb.locations[0]!.id}`, { token: t.access_token })).status).toBe(200);
    const calls = await api(sb, `/conversations/messages/export?locationId=${sb.locations[0]!.id}`, {
      token: t.access_token,
    });
    expect(calls.status).toBe(401);
  });
});

describe('Version header', () => {
  it('is required per endpoint family, with the vendor 400 shape', async () => {
    const t = await installLocation(sb, sb.locations[0]!.id);
    const id = sb.locations[0]!.id;
    const cases: [string, string][] = [
      [`/locations/${id}`, '2021-07-28'],
      [`/contacts/${sb.data.contacts.find((c) => c.locationId === id)!.id}`, '2021-07-28'],
      [`/conversations/messages/export?locationId=${id}`, '2021-04-15'],
    ];
    for (const [path, good] of cases) {
      const other = good === '2021-07-28' ? '2021-04-15' : '2021-07-28';
      expect((await api(sb, path, { token: t.access_token, version: good })).status, path).toBe(200);
      const missing = await api(sb, path, { token: t.access_token, version: null });
      expect(missing.status, path).toBe(400);
      expect(await missing.json()).toMatchObject({
        statusCode: 400,
        message: 'Version header was not found',
      });
      const wrong = await api(sb, path, { token: t.access_token, version: other });
      expect(wrong.status, path).toBe(400);
      expect(await wrong.json()).toMatchObject({
        statusCode: 400,
        message: `Version header is invalid, expected ${good}`,
      });
    }
  });
});
