/**
 * Contract: every endpoint's answers (success and the error shapes the files define) validate
 * against the vendored OpenAPI response schemas. Where the live API is known to differ
 * (nested `messages` page, transcription as a list of sentences), the part that the spec describes
 * is validated and the wrapping is asserted explicitly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/index.js';
import { api, installCompany, installLocation, tokenRequest, type Tokens } from './helpers.js';
import { assertMatchesSpec, covered } from './openapi-validator.js';

let sb: Sandbox;
let loc: Tokens;
let company: Tokens;
let locationId: string;

beforeAll(async () => {
  sb = await startSandbox({ seed: 7, callsPerLocation: 30, now: new Date('2026-03-01T12:00:00Z') });
  locationId = sb.locations[0]!.id;
  loc = await installLocation(sb, locationId);
  company = await installCompany(sb);
});
afterAll(async () => {
  await sb.close();
});

const ownCalls = () => sb.data.calls.filter((c) => c.message.locationId === locationId);

describe('the validator itself', () => {
  it('rejects an answer that breaks the schema', () => {
    expect(() =>
      assertMatchesSpec('conversations', '/conversations/messages/export', 'get', 200, { messages: 'nope' }),
    ).toThrow(/total|messages/);
    // Through nested $refs: a message missing required fields, a location with a numeric name.
    expect(() =>
      assertMatchesSpec('conversations', '/conversations/messages/export', 'get', 200, {
        messages: [{}],
        total: 1,
      }),
    ).toThrow(/required property 'id'/);
    expect(() =>
      assertMatchesSpec('locations', '/locations/{locationId}', 'get', 200, { location: { name: 5 } }),
    ).toThrow(/location\/name must be string/);
    // Through the shared ../common/common-schemas.json: 422 messages are an array.
    expect(() =>
      assertMatchesSpec('oauth', '/oauth/token', 'post', 422, { statusCode: 422, message: 'x' }),
    ).toThrow(/message must be array/);
  });
});

describe('OAuth', () => {
  it('POST /oauth/token answers (200 location and company, 400, 401, 422) match the spec', async () => {
    assertMatchesSpec('oauth', '/oauth/token', 'post', 200, loc);
    assertMatchesSpec('oauth', '/oauth/token', 'post', 200, company);
    const bad = await tokenRequest(sb, {
      client_id: sb.clientId,
      client_secret: sb.clientSecret,
      grant_type: 'authorization_code',
      code: 'unknown',
    });
    expect(bad.status).toBe(400);
    assertMatchesSpec('oauth', '/oauth/token', 'post', 400, await bad.json());
    const wrongSecret = await tokenRequest(sb, {
      client_id: sb.clientId,
      client_secret: 'wrong',
      grant_type: 'refresh_token',
      refresh_token: loc.refresh_token,
    });
    expect(wrongSecret.status).toBe(401);
    assertMatchesSpec('oauth', '/oauth/token', 'post', 401, await wrongSecret.json());
    const missing = await tokenRequest(sb, { client_id: sb.clientId });
    expect(missing.status).toBe(422);
    const body = (await missing.json()) as { message: string[] };
    expect(body.message).toEqual(['client_secret should not be empty', 'grant_type should not be empty']);
    assertMatchesSpec('oauth', '/oauth/token', 'post', 422, body);
  });

  it('POST /oauth/locationToken answers (200, 400, 401, 422) match the spec', async () => {
    const ok = await api(sb, '/oauth/locationToken', {
      token: company.access_token,
      form: { companyId: sb.companyId, locationId },
    });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    assertMatchesSpec('oauth', '/oauth/locationToken', 'post', 200, body);
    expect(body.locationId).toBe(locationId);
    expect(body).not.toHaveProperty('refresh_token');

    const noVersion = await api(sb, '/oauth/locationToken', {
      token: company.access_token,
      version: null,
      form: { companyId: sb.companyId, locationId },
    });
    expect(noVersion.status).toBe(400);
    assertMatchesSpec('oauth', '/oauth/locationToken', 'post', 400, await noVersion.json());

    const byLocationToken = await api(sb, '/oauth/locationToken', {
      token: loc.access_token,
      form: { companyId: sb.companyId, locationId },
    });
    expect(byLocationToken.status).toBe(401);
    assertMatchesSpec('oauth', '/oauth/locationToken', 'post', 401, await byLocationToken.json());

    const missing = await api(sb, '/oauth/locationToken', {
      token: company.access_token,
      form: { companyId: sb.companyId },
    });
    expect(missing.status).toBe(422);
    assertMatchesSpec('oauth', '/oauth/locationToken', 'post', 422, await missing.json());
  });
});

describe('locations', () => {
  it('GET /locations/{id} (200, 400, 401) matches the spec, with full address fields', async () => {
    const res = await api(sb, `/locations/${locationId}`, { token: loc.access_token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { location: Record<string, unknown> };
    assertMatchesSpec('locations', '/locations/{locationId}', 'get', 200, body);
    for (const k of [
      'id',
      'companyId',
      'name',
      'address',
      'city',
      'state',
      'country',
      'postalCode',
      'timezone',
    ]) {
      expect(body.location[k], k).toEqual(expect.any(String));
    }
    const wrongVersion = await api(sb, `/locations/${locationId}`, {
      token: loc.access_token,
      version: '2021-04-15',
    });
    expect(wrongVersion.status).toBe(400);
    assertMatchesSpec('locations', '/locations/{locationId}', 'get', 400, await wrongVersion.json());
    const noToken = await api(sb, `/locations/${locationId}`);
    expect(noToken.status).toBe(401);
    assertMatchesSpec('locations', '/locations/{locationId}', 'get', 401, await noToken.json());
  });

  it('GET /locations/search (200, 400, 401) matches the spec', async () => {
    const res = await api(sb, `/locations/search?companyId=${sb.companyId}&skip=0&limit=999`, {
      token: company.access_token,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { locations: { id: string }[] };
    assertMatchesSpec('locations', '/locations/search', 'get', 200, body);
    expect(body.locations.map((l) => l.id)).toEqual(sb.locations.map((l) => l.id));
    const bad = await api(sb, `/locations/search?companyId=${sb.companyId}&limit=-1`, {
      token: company.access_token,
    });
    expect(bad.status).toBe(400);
    assertMatchesSpec('locations', '/locations/search', 'get', 400, await bad.json());
    const expired = await api(sb, `/locations/search`, { token: 'access-not-a-token' });
    expect(expired.status).toBe(401);
    assertMatchesSpec('locations', '/locations/search', 'get', 401, await expired.json());
  });
});

describe('conversations', () => {
  it('GET /conversations/messages/export (200, 400, 401) matches the spec', async () => {
    const res = await api(
      sb,
      `/conversations/messages/export?locationId=${locationId}&channel=Call&limit=10`,
      {
        token: loc.access_token,
      },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { messages: unknown[]; total: number };
    assertMatchesSpec('conversations', '/conversations/messages/export', 'get', 200, body);
    expect(body.total).toBe(30);
    const bad = await api(sb, `/conversations/messages/export?locationId=${locationId}&limit=5000`, {
      token: loc.access_token,
    });
    expect(bad.status).toBe(400);
    assertMatchesSpec('conversations', '/conversations/messages/export', 'get', 400, await bad.json());
    const noAuth = await api(sb, `/conversations/messages/export?locationId=${locationId}`);
    expect(noAuth.status).toBe(401);
    assertMatchesSpec('conversations', '/conversations/messages/export', 'get', 401, await noAuth.json());
  });

  it('GET /conversations/{id}/messages: the nested live page matches the spec, errors too', async () => {
    const conversationId = ownCalls()[0]!.message.conversationId;
    const res = await api(sb, `/conversations/${conversationId}/messages?type=TYPE_CALL`, {
      token: loc.access_token,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { messages: { messages: { messageType: string }[] } };
    assertMatchesSpec('conversations', '/conversations/{conversationId}/messages', 'get', 200, body.messages);
    expect(body.messages.messages.length).toBeGreaterThan(0);
    expect(body.messages.messages.every((m) => m.messageType === 'TYPE_CALL')).toBe(true);
    const noVersion = await api(sb, `/conversations/${conversationId}/messages`, {
      token: loc.access_token,
      version: null,
    });
    expect(noVersion.status).toBe(400);
    assertMatchesSpec(
      'conversations',
      '/conversations/{conversationId}/messages',
      'get',
      400,
      await noVersion.json(),
    );
    const noAuth = await api(sb, `/conversations/${conversationId}/messages`);
    expect(noAuth.status).toBe(401);
    assertMatchesSpec(
      'conversations',
      '/conversations/{conversationId}/messages',
      'get',
      401,
      await noAuth.json(),
    );
  });

  it('recording endpoint: WAV on 200, spec error shapes on 400 and 401', async () => {
    const recorded = ownCalls().find((c) => c.scriptId)!;
    const path = `/conversations/messages/${recorded.message.id}/locations/${locationId}/recording`;
    const res = await api(sb, path, { token: loc.access_token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/x-wav');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=audio.wav');
    expect(Buffer.from(await res.arrayBuffer()).toString('ascii', 0, 4)).toBe('RIFF');
    const spec = '/conversations/messages/{messageId}/locations/{locationId}/recording';
    const noVersion = await api(sb, path, { token: loc.access_token, version: null });
    expect(noVersion.status).toBe(400);
    assertMatchesSpec('conversations', spec, 'get', 400, await noVersion.json());
    const noAuth = await api(sb, path);
    expect(noAuth.status).toBe(401);
    assertMatchesSpec('conversations', spec, 'get', 401, await noAuth.json());
  });

  it('transcription endpoint: each sentence matches the spec, errors too', async () => {
    const withTranscript = ownCalls().find((c) => c.hasTranscript)!;
    const spec = '/conversations/locations/{locationId}/messages/{messageId}/transcription';
    const path = `/conversations/locations/${locationId}/messages/${withTranscript.message.id}/transcription`;
    const res = await api(sb, path, { token: loc.access_token });
    expect(res.status).toBe(200);
    const sentences = (await res.json()) as unknown[];
    expect(sentences.length).toBeGreaterThan(3);
    for (const s of sentences) assertMatchesSpec('conversations', spec, 'get', 200, s);
    const wrongVersion = await api(sb, path, { token: loc.access_token, version: '2021-07-28' });
    expect(wrongVersion.status).toBe(400);
    assertMatchesSpec('conversations', spec, 'get', 400, await wrongVersion.json());
    const noAuth = await api(sb, path);
    expect(noAuth.status).toBe(401);
    assertMatchesSpec('conversations', spec, 'get', 401, await noAuth.json());
  });
});

describe('contacts', () => {
  it('GET /contacts/{id} (200, 400, 401) matches the spec, with names, e-mail and E.164 phone', async () => {
    const contactId = ownCalls()[0]!.message.contactId;
    const res = await api(sb, `/contacts/${contactId}`, { token: loc.access_token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      contact: { firstName: string; lastName: string; email: string; phone: string };
    };
    assertMatchesSpec('contacts', '/contacts/{contactId}', 'get', 200, body);
    expect(body.contact.firstName).toMatch(/^[A-Z][a-z]+$/);
    expect(body.contact.lastName).toMatch(/^[A-Z][a-z]+$/);
    expect(body.contact.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(body.contact.phone).toMatch(/^\+1\d{10}$/);
    const noVersion = await api(sb, `/contacts/${contactId}`, { token: loc.access_token, version: null });
    expect(noVersion.status).toBe(400);
    assertMatchesSpec('contacts', '/contacts/{contactId}', 'get', 400, await noVersion.json());
    const noAuth = await api(sb, `/contacts/${contactId}`);
    expect(noAuth.status).toBe(401);
    assertMatchesSpec('contacts', '/contacts/{contactId}', 'get', 401, await noAuth.json());
  });

  it('contact notes: POST (201, 422, 401) then GET (200, 400) match the spec', async () => {
    const contactId = ownCalls()[0]!.message.contactId;
    const created = await api(sb, `/contacts/${contactId}/notes`, {
      token: loc.access_token,
      json: { body: 'Summary: booked a visit.', title: 'Call analysis' },
    });
    expect(created.status).toBe(201);
    const note = (await created.json()) as { note: { id: string; body: string; contactId: string } };
    assertMatchesSpec('contacts', '/contacts/{contactId}/notes', 'post', 201, note);
    expect(note.note).toMatchObject({ body: 'Summary: booked a visit.', contactId });
    const invalid = await api(sb, `/contacts/${contactId}/notes`, {
      token: loc.access_token,
      json: { body: '' },
    });
    expect(invalid.status).toBe(422);
    assertMatchesSpec('contacts', '/contacts/{contactId}/notes', 'post', 422, await invalid.json());
    const noAuth = await api(sb, `/contacts/${contactId}/notes`, { json: { body: 'x' } });
    expect(noAuth.status).toBe(401);
    assertMatchesSpec('contacts', '/contacts/{contactId}/notes', 'post', 401, await noAuth.json());

    const list = await api(sb, `/contacts/${contactId}/notes`, { token: loc.access_token });
    expect(list.status).toBe(200);
    const notes = (await list.json()) as { notes: { id: string }[] };
    assertMatchesSpec('contacts', '/contacts/{contactId}/notes', 'get', 200, notes);
    expect(notes.notes.map((n) => n.id)).toEqual([note.note.id]);
    const noVersion = await api(sb, `/contacts/${contactId}/notes`, {
      token: loc.access_token,
      version: null,
    });
    expect(noVersion.status).toBe(400);
    assertMatchesSpec('contacts', '/contacts/{contactId}/notes', 'get', 400, await noVersion.json());
  });
});

describe('coverage', () => {
  it('every implemented endpoint had its success answer validated', () => {
    const expected = [
      'oauth post /oauth/token 200',
      'oauth post /oauth/locationToken 200',
      'locations get /locations/{locationId} 200',
      'locations get /locations/search 200',
      'conversations get /conversations/messages/export 200',
      'conversations get /conversations/{conversationId}/messages 200',
      'conversations get /conversations/locations/{locationId}/messages/{messageId}/transcription 200',
      'contacts get /contacts/{contactId} 200',
      'contacts get /contacts/{contactId}/notes 200',
      'contacts post /contacts/{contactId}/notes 201',
    ];
    for (const key of expected) expect(covered, key).toContain(key);
  });
});
