/** Test helpers: installs through the real consent page and token endpoint, and a small API client. */
import { expect } from 'vitest';
import type { Sandbox } from '../src/index.js';

export const REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';

export type Tokens = {
  access_token: string;
  refresh_token: string;
  userType: string;
  locationId?: string;
  companyId: string;
  approvedLocations?: string[];
  expires_in: number;
  scope: string;
};

/** Submits the consent form with `choice` and returns the redirect target. */
export async function approve(
  sb: Sandbox,
  choice: string,
  state = 'state-123',
  scope?: string[],
): Promise<URL> {
  const consent = new URL(sb.consentUrl({ redirectUri: REDIRECT_URI, state, ...(scope ? { scope } : {}) }));
  const form = new URLSearchParams(consent.searchParams);
  form.set('choice', choice);
  const res = await fetch(new URL(consent.pathname, sb.url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') as string);
}

export async function tokenRequest(sb: Sandbox, fields: Record<string, string>): Promise<Response> {
  return fetch(`${sb.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

export async function exchangeCode(
  sb: Sandbox,
  code: string,
  userType: 'Location' | 'Company',
): Promise<Tokens> {
  const res = await tokenRequest(sb, {
    client_id: sb.clientId,
    client_secret: sb.clientSecret,
    grant_type: 'authorization_code',
    code,
    user_type: userType,
    redirect_uri: REDIRECT_URI,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

export async function installLocation(sb: Sandbox, locationId: string, scope?: string[]): Promise<Tokens> {
  const target = await approve(sb, `location:${locationId}`, 'state-123', scope);
  return exchangeCode(sb, target.searchParams.get('code') as string, 'Location');
}

export async function installCompany(sb: Sandbox): Promise<Tokens> {
  const target = await approve(sb, `company:${sb.companyId}`);
  return exchangeCode(sb, target.searchParams.get('code') as string, 'Company');
}

export const V_CONV = '2021-04-15';
export const V_DEFAULT = '2021-07-28';

export async function api(
  sb: Sandbox,
  path: string,
  opts: {
    token?: string;
    version?: string | null;
    method?: string;
    json?: unknown;
    form?: Record<string, string>;
  } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const version =
    opts.version === undefined ? (path.startsWith('/conversations') ? V_CONV : V_DEFAULT) : opts.version;
  if (version !== null) headers.version = version;
  let body: string | URLSearchParams | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = new URLSearchParams(opts.form);
  }
  return fetch(`${sb.url}${path}`, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    ...(body ? { body } : {}),
  });
}
