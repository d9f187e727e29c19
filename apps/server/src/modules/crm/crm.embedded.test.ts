/**
 * Embedded default: without HIGHLEVEL_CLIENT_ID the server starts the HighLevel sandbox itself on a
 * free local port, labels it "Sandbox CRM", and a Company install goes through it end to end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { approveConsent } from '../../test-support/crm-sandbox.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';

describe.each(BACKENDS)('embedded HighLevel sandbox on %s', (backend) => {
  let h: Harness;
  let admin: CreatedUser;

  beforeAll(async () => {
    h = await createHarness(backend, { PUBLIC_URL: 'http://localhost:4321' });
    admin = await createUser(h.app);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('labels the provider "Sandbox CRM" and installs through the in-process sandbox', async () => {
    const provider = await h.app.inject({ method: 'GET', url: '/api/crm/provider', headers: admin.auth });
    expect(provider.json()).toEqual({ kind: 'sandbox', label: 'Sandbox CRM' });
    const start = await h.app.inject({
      method: 'POST',
      url: '/api/crm/oauth/start',
      headers: admin.auth,
      payload: { user_type: 'Company' },
    });
    const consentUrl = new URL(start.json().url);
    expect(consentUrl.hostname).toBe('127.0.0.1');
    expect(consentUrl.searchParams.get('redirect_uri')).toBe('http://localhost:4321/redirect');
    const page = await (await fetch(consentUrl)).text();
    const companyId = /value="company:([^"]+)"/.exec(page)?.[1];
    expect(companyId).toBeTruthy();
    const back = await approveConsent(consentUrl.toString(), `company:${companyId}`);
    const saved = await h.app.inject({
      method: 'POST',
      url: '/api/crm/oauth/callback',
      headers: admin.auth,
      payload: back,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().locations.length).toBeGreaterThanOrEqual(3);
    expect(saved.json().locations[0].source).toBe('Sandbox CRM');
  });
});
