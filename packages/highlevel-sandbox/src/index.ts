/**
 * HighLevel (LeadConnector) sandbox: a standalone HTTP server that answers like the vendor's API v2
 * (consent page, OAuth, locations, call messages, recordings, transcripts, contacts and notes) over
 * seeded deterministic data, with the vendor's rate limit and fault switches for tests.
 */
import { randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRoutes } from './api-routes.js';
import { AudioToolsMissingError, DEFAULT_AUDIO_CACHE_DIR, hasAudioTools } from './audio.js';
import {
  HttpError,
  badRequest,
  notFound,
  readBody,
  scopeError,
  sendHtml,
  sendJson,
  statusText,
  type Note,
  type Route,
} from './http.js';
import { CALL_SCRIPTS, findScript } from './call-scripts.js';
import { renderConsentPage, renderErrorPage } from './consent-page.js';
import { RateLimiter, type FaultState, type Faults, type RateLimitOptions } from './limits.js';
import { OAuthError, OAuthStore, type AccessToken, type Grant } from './oauth.js';
import { buildSeed, createRng, makeId, type Call, type Location, type SeedData } from './seed.js';
import { postSigned, webhookKeys, type CallWebhookPayload, type WebhookDelivery } from './webhooks.js';

export { CALL_SCRIPTS, type CallScript } from './call-scripts.js';
export { decodeWav, encodeWav, hasAudioTools, AudioToolsMissingError } from './audio.js';
export { sandboxWebhookPublicKey } from './webhooks.js';
export type { CallWebhookPayload, WebhookDelivery } from './webhooks.js';
export type { Call, Contact, Location, SeedData, CallStatus } from './seed.js';
export type { Faults, FaultState } from './limits.js';

export { VERSION_CONVERSATIONS, VERSION_DEFAULT } from './versions.js';
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

export type SandboxOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  /** At least 3. */
  locations?: number;
  contactsPerLocation?: number;
  callsPerLocation?: number;
  noRecordingFraction?: number;
  transcriptFraction?: number;
  /** Calls are spread over the 60 days before this instant. */
  now?: Date;
  clientId?: string;
  clientSecret?: string;
  /** When set, the consent page and the token exchange refuse other redirect URIs. */
  redirectUris?: string[];
  rateLimit?: Partial<RateLimitOptions>;
  audioCacheDir?: string;
};

export type StateSnapshot = {
  companyId: string;
  locationIds: string[];
  notes: { locationId: string; contactId: string; note: Note }[];
  tokenRefreshCount: number;
  tokensIssued: number;
  locationTokensIssued: number;
  rateLimited: number;
  requests: number;
  webhooksSent: number;
  faults: FaultState;
};

export type CallWebhookInput = {
  locationId: string;
  contactId?: string;
  direction?: 'inbound' | 'outbound';
  /** Script spoken in the new call's recording (default: picked from the seed). */
  scriptId?: string;
  dateAdded?: Date;
};

export type Sandbox = {
  url: string;
  port: number;
  companyId: string;
  companyName: string;
  locations: Location[];
  clientId: string;
  clientSecret: string;
  userId: string;
  /** The seeded data (read-only view; calls added by webhooks appear here too). */
  data: SeedData;
  faults: Faults;
  /** PEM of the Ed25519 key that verifies `x-ghl-signature`. */
  webhookPublicKey: string;
  state(): StateSnapshot;
  /** The consent URL an app would send a user to. */
  consentUrl(params: { redirectUri: string; state?: string; scope?: string[] }): string;
  /**
   * Adds a new recorded call to a location and POSTs its `InboundMessage`/`OutboundMessage` event to
   * `targetUrl`, signed with the sandbox key (or `signingKey`, a private key, when given).
   */
  emitCallWebhook(
    input: CallWebhookInput,
    targetUrl: string,
    signingKey?: KeyObject | string,
  ): Promise<WebhookDelivery>;
  close(): Promise<void>;
};

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? 1;
  const locationCount = options.locations ?? 3;
  if (locationCount < 3) throw new Error('highlevel-sandbox: `locations` must be at least 3');
  const toolsPresent = await hasAudioTools();
  if (!toolsPresent) {
    if (process.env.CI) throw new AudioToolsMissingError();
    console.warn(`[highlevel-sandbox] ${new AudioToolsMissingError().message}; recordings will answer 500`);
  }
  const data = buildSeed({
    seed,
    locations: locationCount,
    contactsPerLocation: options.contactsPerLocation ?? 12,
    callsPerLocation: options.callsPerLocation ?? 25,
    noRecordingFraction: options.noRecordingFraction ?? 0.2,
    transcriptFraction: options.transcriptFraction ?? 0.5,
    now: options.now ?? new Date(),
  });
  const clientId = options.clientId ?? 'sandbox-client-id';
  const clientSecret = options.clientSecret ?? 'sandbox-client-secret';
  const audioCacheDir = options.audioCacheDir ?? DEFAULT_AUDIO_CACHE_DIR;
  const clock = () => Date.now();
  const oauth = new OAuthStore(clientId, clientSecret, clock);
  const limiter = new RateLimiter(
    { max: 100, windowMs: 10_000, daily: 200_000, ...options.rateLimit },
    clock,
  );
  const keys = webhookKeys(seed);
  const extraRng = createRng(seed ^ 0x5eed);
  const notes = new Map<string, Note[]>();
  let requests = 0;
  let webhooksSent = 0;
  const faultState: FaultState = { failNext: { count: 0, status: 503 }, slowMs: 0, rateLimitStorm: 0 };

  const locationsById = new Map(data.locations.map((l) => [l.id, l]));
  const contactsById = new Map(data.contacts.map((c) => [c.id, c]));
  const callsById = new Map(data.calls.map((c) => [c.message.id, c]));

  const faults: Faults = {
    expireTokensNow: () => void oauth.expireAll(),
    failNext: (count, status = 503) => {
      faultState.failNext = { count: Math.max(0, Math.floor(count)), status };
    },
    slow: (ms) => {
      faultState.slowMs = Math.max(0, ms);
    },
    rateLimitStorm: (count) => {
      faultState.rateLimitStorm = Math.max(0, Math.floor(count));
    },
    reset: () => {
      faultState.failNext = { count: 0, status: 503 };
      faultState.slowMs = 0;
      faultState.rateLimitStorm = 0;
      limiter.reset();
    },
    get state() {
      return structuredClone(faultState);
    },
  };

  const state = (): StateSnapshot => ({
    companyId: data.company.id,
    locationIds: data.locations.map((l) => l.id),
    notes: [...notes.entries()].flatMap(([contactId, list]) =>
      list.map((note) => ({ contactId, locationId: contactsById.get(contactId)?.locationId ?? '', note })),
    ),
    tokenRefreshCount: oauth.refreshCount,
    tokensIssued: oauth.tokensIssued,
    locationTokensIssued: oauth.locationTokensIssued,
    rateLimited: limiter.limited,
    requests,
    webhooksSent,
    faults: structuredClone(faultState),
  });

  const routes = apiRoutes({
    data,
    oauth,
    notes,
    locationsById,
    contactsById,
    callsById,
    extraRng,
    clock,
    audioCacheDir,
  });

  // ---- OAuth consent and token --------------------------------------------------------------
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
    if (options.redirectUris && !options.redirectUris.includes(redirectUri)) {
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

  // ---- test control: /__sandbox/* -----------------------------------------------------------
  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.slice('/__sandbox'.length);
    if (req.method === 'GET' && path === '/state') return sendJson(res, 200, state());
    if (req.method !== 'POST') throw notFound('Not found');
    const raw = await readBody(req);
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        throw badRequest('Body must be JSON');
      }
    }
    const num = (k: string, fallback?: number): number => {
      const v = body[k] ?? fallback;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
        throw badRequest(`${k} must be a non-negative number`);
      return v;
    };
    switch (path) {
      case '/faults/expire-tokens':
        faults.expireTokensNow();
        break;
      case '/faults/fail-next': {
        const status = num('status', 503);
        if (status < 400 || status > 599) throw badRequest('status must be an HTTP error status');
        faults.failNext(num('count'), status);
        break;
      }
      case '/faults/slow':
        faults.slow(num('ms'));
        break;
      case '/faults/rate-limit-storm':
        faults.rateLimitStorm(num('count'));
        break;
      case '/faults/reset':
        faults.reset();
        break;
      case '/webhooks/call': {
        if (typeof body.locationId !== 'string' || typeof body.targetUrl !== 'string') {
          throw badRequest('locationId and targetUrl are required');
        }
        const delivery = await emitCallWebhook({ locationId: body.locationId }, body.targetUrl);
        return sendJson(res, 200, delivery);
      }
      default:
        throw notFound('Not found');
    }
    sendJson(res, 200, state());
  }

  // ---- dispatch -----------------------------------------------------------------------------
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const path = url.pathname;
    if (path.startsWith('/__sandbox/')) return handleControl(req, res, url);
    if (path === '/oauth/chooselocation' || path === '/v2/oauth/chooselocation') {
      if (req.method !== 'GET' && req.method !== 'POST') throw notFound('Not found');
      return handleConsent(req, res, url);
    }
    requests++;
    if (faultState.slowMs > 0) await new Promise((r) => setTimeout(r, faultState.slowMs));
    if (faultState.failNext.count > 0) {
      faultState.failNext.count--;
      const status = faultState.failNext.status;
      throw new HttpError(status, { statusCode: status, message: statusText(status) });
    }
    if (path === '/oauth/token') {
      if (req.method !== 'POST') throw notFound(`Cannot ${req.method} ${path}`);
      return handleToken(req, res);
    }
    let route: Route | undefined;
    let params: string[] = [];
    for (const r of routes) {
      const m = r.pattern.exec(path);
      if (m && r.method === req.method) {
        route = r;
        params = m.slice(1).map(decodeURIComponent);
        break;
      }
    }
    if (!route) throw notFound(`Cannot ${req.method} ${path}`);
    const version = req.headers['version'];
    if (version === undefined) throw badRequest('Version header was not found');
    if (version !== route.version) throw badRequest(`Version header is invalid, expected ${route.version}`);
    const token = authenticate(req.headers.authorization);
    if (!token.scope.split(/\s+/).includes(route.scope)) throw scopeError();
    const bucket = token.userType === 'Location' ? (token.locationId as string) : token.companyId;
    const decision = limiter.take(bucket);
    if (faultState.rateLimitStorm > 0 && decision.allowed) {
      faultState.rateLimitStorm--;
      limiter.limited++;
      throw new HttpError(
        429,
        { statusCode: 429, message: 'Too Many Requests' },
        { ...decision.headers, 'Retry-After': '1' },
      );
    }
    if (!decision.allowed) {
      throw new HttpError(429, { statusCode: 429, message: 'Too Many Requests' }, decision.headers);
    }
    await route.handler({ req, res, url, params, token, rateHeaders: decision.headers });
  }

  function authenticate(header: string | undefined): AccessToken {
    try {
      return oauth.authenticate(header);
    } catch (err) {
      if (err instanceof OAuthError) throw new HttpError(err.status, err.body);
      throw err;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const traceId = randomUUID();
      if (err instanceof HttpError) {
        sendJson(res, err.status, { ...err.body, traceId }, err.headers);
      } else {
        console.error('[highlevel-sandbox] unexpected error', err);
        sendJson(res, 500, { statusCode: 500, message: 'Internal Server Error', traceId });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;

  async function emitCallWebhook(
    input: CallWebhookInput,
    targetUrl: string,
    signingKey?: KeyObject | string,
  ): Promise<WebhookDelivery> {
    const location = locationsById.get(input.locationId);
    if (!location) throw new Error(`highlevel-sandbox: unknown location ${input.locationId}`);
    const contacts = data.contacts.filter((c) => c.locationId === location.id);
    const contact = input.contactId ? contactsById.get(input.contactId) : contacts[0];
    if (!contact || contact.locationId !== location.id) throw new Error('highlevel-sandbox: unknown contact');
    const script = input.scriptId
      ? findScript(input.scriptId)
      : CALL_SCRIPTS[Math.floor(extraRng() * CALL_SCRIPTS.length)];
    if (!script) throw new Error(`highlevel-sandbox: unknown script ${input.scriptId}`);
    const existing = data.calls.find((c) => c.message.contactId === contact.id);
    const direction = input.direction ?? 'inbound';
    const call: Call = {
      message: {
        id: makeId(extraRng),
        type: 1,
        messageType: 'TYPE_CALL',
        locationId: location.id,
        contactId: contact.id,
        conversationId: existing?.message.conversationId ?? makeId(extraRng),
        dateAdded: new Date(
          Math.floor((input.dateAdded ?? new Date(clock())).getTime() / 1000) * 1000,
        ).toISOString(),
        direction,
        status: 'delivered',
        contentType: 'text/plain',
        attachments: [],
        userId: data.userId,
        meta: { call: { duration: 60, status: 'completed' } },
      },
      scriptId: script.id,
      hasTranscript: false,
    };
    data.calls.push(call);
    callsById.set(call.message.id, call);
    const payload: CallWebhookPayload = {
      type: direction === 'inbound' ? 'InboundMessage' : 'OutboundMessage',
      locationId: location.id,
      messageId: call.message.id,
      conversationId: call.message.conversationId,
      contactId: contact.id,
      messageType: 'CALL',
      direction,
      status: 'completed',
      callStatus: 'completed',
      callDuration: call.message.meta.call.duration,
      dateAdded: call.message.dateAdded,
      attachments: [],
      userId: data.userId,
      webhookId: randomUUID(),
      timestamp: new Date(clock()).toISOString(),
    };
    const delivery = await postSigned(targetUrl, payload, signingKey ?? keys.privateKey);
    webhooksSent++;
    return delivery;
  }

  return {
    url,
    port,
    companyId: data.company.id,
    companyName: data.company.name,
    locations: data.locations,
    clientId,
    clientSecret,
    userId: data.userId,
    data,
    faults,
    webhookPublicKey: keys.publicKeyPem,
    state,
    consentUrl: ({ redirectUri, state: st, scope }) => {
      const u = new URL('/v2/oauth/chooselocation', url);
      u.searchParams.set('response_type', 'code');
      u.searchParams.set('redirect_uri', redirectUri);
      u.searchParams.set('client_id', clientId);
      u.searchParams.set('scope', (scope ?? DEFAULT_SCOPES).join(' '));
      if (st !== undefined) u.searchParams.set('state', st);
      return u.toString();
    },
    emitCallWebhook,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
