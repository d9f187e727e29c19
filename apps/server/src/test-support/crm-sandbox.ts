/**
 * Test helpers for the HighLevel integration: the sandbox as the vendor (real HTTP on 127.0.0.1),
 * the environment that points the server at it, consent approval through the sandbox's real
 * consent page, and accounts with a given role inside an organization.
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '@call-insights/highlevel-sandbox';
import { sql } from 'drizzle-orm';
import type { LoginResponse } from '@call-insights/contracts/users';
import type { App } from '../app.js';
import type { Harness } from './app-harness.js';
import { createUser, type CreatedUser } from './factories.js';

export const TEST_REDIRECT_URI = 'http://localhost:5173/redirect';

export async function startTestSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, seed: 7, callsPerLocation: 12, contactsPerLocation: 6, ...opts });
}

/** Server configuration that makes the sandbox "the real HighLevel" (no embedded start). */
export function sandboxEnv(sb: Sandbox): Record<string, string> {
  return {
    HIGHLEVEL_CLIENT_ID: sb.clientId,
    HIGHLEVEL_CLIENT_SECRET: sb.clientSecret,
    HIGHLEVEL_BASE_URL: sb.url,
    HIGHLEVEL_CONSENT_URL: `${sb.url}/oauth/chooselocation`,
    HIGHLEVEL_REDIRECT_URI: TEST_REDIRECT_URI,
    HIGHLEVEL_WEBHOOK_PUBLIC_KEY: Buffer.from(sb.webhookPublicKey).toString('base64'),
  };
}

/**
 * Plays the browser on the consent page: opens the URL the server gave, picks `choice`
 * (`company:<id>` or `location:<id>`), presses Approve and returns the `code` and `state` the
 * sandbox put on the redirect.
 */
export async function approveConsent(
  consentUrl: string,
  choice: string,
): Promise<{ code: string; state: string }> {
  const page = await fetch(consentUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  if (!html.includes('Approve')) throw new Error('consent page has no Approve button');
  const url = new URL(consentUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('choice', choice);
  const res = await fetch(new URL(url.pathname, url.origin), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`consent answered ${res.status}: ${await res.text()}`);
  const target = new URL(res.headers.get('location') as string);
  return { code: target.searchParams.get('code') ?? '', state: target.searchParams.get('state') ?? '' };
}

/** Starts an install through the API and approves it on the sandbox's consent page. */
export async function consent(
  app: App,
  auth: Record<string, string>,
  userType: 'Location' | 'Company',
  choice: string,
): Promise<{ code: string; state: string }> {
  const start = await app.inject({
    method: 'POST',
    url: '/api/crm/oauth/start',
    headers: auth,
    payload: { user_type: userType },
  });
  if (start.statusCode !== 200) throw new Error(`oauth start: ${start.statusCode} ${start.body}`);
  return approveConsent(start.json<{ url: string }>().url, choice);
}

/** A full Company install through the routes; returns the saved accounts. */
export async function installCompany(h: Harness, sb: Sandbox, user: CreatedUser) {
  const { code, state } = await consent(h.app, user.auth, 'Company', `company:${sb.companyId}`);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/locations/company',
    headers: user.auth,
    payload: { code, state },
  });
  if (res.statusCode !== 201) throw new Error(`company install: ${res.statusCode} ${res.body}`);
  return res.json<{ locations: { id: number; name: string; location_id: string }[] }>().locations;
}

/** A member of `organizationId` with `role` (the organization's admin invites people in the product). */
export async function memberOf(
  h: Harness,
  organizationId: number,
  role: 'admin' | 'manager' | 'user',
): Promise<CreatedUser> {
  const u = await createUser(h.app);
  await h.database.db.execute(
    sql`update users set organization_id = ${organizationId}, role = ${role} where id = ${u.id}`,
  );
  const login = await h.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: u.email, password: u.password },
  });
  const { accessToken } = login.json<LoginResponse>();
  return { ...u, token: accessToken, auth: { authorization: `Token ${accessToken}` } };
}

export async function organizationOf(app: App, user: CreatedUser): Promise<number> {
  const res = await app.inject({ method: 'GET', url: `/api/users/userId/${user.id}`, headers: user.auth });
  return res.json<{ organizationId: number }>().organizationId;
}

/** Polls a sync run until it has finished. */
export async function waitForSync(app: App, auth: Record<string, string>, id: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/crm/sync/${id}`, headers: auth });
    const run = res.json<{ state: string; finishedAt: string | null }>();
    if (run.finishedAt)
      return res.json<{
        state: string;
        errorKind: string | null;
        message: string;
        counts: { found: number; imported: number; skipped: number; noRecording: number; failed: number };
      }>();
    if (Date.now() > deadline) throw new Error(`sync ${id} did not finish: ${res.body}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
