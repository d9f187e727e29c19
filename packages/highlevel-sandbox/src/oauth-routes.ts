/**
 * The OAuth side a user and an app see: the consent page (GET shows the company and its locations,
 * POST grants one and redirects back with a code) and the token exchange (`/oauth/token`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderConsentPage, renderErrorPage } from './consent-page.js';
import { HttpError, readBody, sendHtml, sendJson } from './http.js';
import { OAuthError, type Grant, type OAuthStore } from './oauth.js';
import type { Location, SeedData } from './seed.js';

export const DEFAULT_SCOPES = [
  'locations.readonly',
  'contacts.readonly',
  'contacts.write',
  'conversations.readonly',
  'conversations/message.readonly',
  'users.readonly',
  'oauth.readonly',
  'oauth.write',
];

export function oauthHandlers(opts: {
  data: SeedData;
  oauth: OAuthStore;
  locationsById: Map<string, Location>;
  clientId: string;
  /** When set, the consent page and the token exchange refuse other redirect URIs. */
  redirectUris?: string[];
}) {
  const { data, oauth, locationsById, clientId } = opts;

  function consentParams(
    q: URLSearchParams,
  ): { error: string } | { ok: Parameters<typeof renderConsentPage>[1] } {
    if (q.get('response_type') !== 'code') return { error: 'response_type must be "code"' };
    if (q.get('client_id') !== clientId) return { error: 'Unknown client_id' };
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) return { error: 'redirect_uri is required' };
    try {
      new URL(redirectUri);
    } catch {
      return { error: 'redirect_uri is not a valid URL' };
    }
    if (opts.redirectUris && !opts.redirectUris.includes(redirectUri)) {
      return { error: 'redirect_uri is not registered for this app' };
    }
    const scope = (q.get('scope') ?? '').trim() || DEFAULT_SCOPES.join(' ');
    return { ok: { clientId, redirectUri, scope, state: q.get('state') } };
  }

  async function handleConsent(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method === 'GET') {
      const p = consentParams(url.searchParams);
      if ('error' in p) return sendHtml(res, 400, renderErrorPage(p.error));
      return sendHtml(res, 200, renderConsentPage(url.pathname, p.ok, data.company, data.locations));
    }
    const form = new URLSearchParams(await readBody(req));
    const p = consentParams(form);
    if ('error' in p) return sendHtml(res, 400, renderErrorPage(p.error));
    const choice = form.get('choice') ?? '';
    const [kind, id] = choice.split(':');
    let grant: Grant;
    const base = { companyId: data.company.id, scope: p.ok.scope, userId: data.userId, planId: data.planId };
    if (kind === 'company' && id === data.company.id) {
      grant = { ...base, userType: 'Company', approvedLocations: data.locations.map((l) => l.id) };
    } else if (kind === 'location' && id && locationsById.has(id)) {
      grant = { ...base, userType: 'Location', locationId: id, approvedLocations: [id] };
    } else {
      return sendHtml(res, 400, renderErrorPage('Choose a location or the agency'));
    }
    const code = oauth.issueCode(grant, p.ok.redirectUri, clientId);
    const target = new URL(p.ok.redirectUri);
    target.searchParams.set('code', code);
    if (p.ok.state !== null) target.searchParams.set('state', p.ok.state);
    res.writeHead(302, { Location: target.toString() });
    res.end();
  }

  async function handleToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const type = req.headers['content-type'] ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      throw new HttpError(422, {
        statusCode: 422,
        message: ['Content-Type must be application/x-www-form-urlencoded'],
        error: 'Unprocessable Entity',
      });
    }
    try {
      sendJson(res, 200, oauth.exchange(new URLSearchParams(await readBody(req))));
    } catch (err) {
      if (err instanceof OAuthError) throw new HttpError(err.status, err.body);
      throw err;
    }
  }

  return { handleConsent, handleToken };
}
