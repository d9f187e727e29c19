/**
 * HighLevel (LeadConnector) sandbox: a standalone HTTP server that answers like the vendor's API v2
 * (consent page, OAuth, locations, call messages, recordings, transcripts, contacts and notes) over
 * seeded deterministic data, with the vendor's rate limit and fault switches for tests.
 *
 * This file starts the server and dispatches each request; the pieces live beside it: the API's
 * routes (`api-routes.ts`), consent and token exchange (`oauth-routes.ts`), test control and faults
 * (`control.ts`) and call webhooks (`call-webhook.ts`).
 */
import { randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRoutes } from './api-routes.js';
import { AudioToolsMissingError, DEFAULT_AUDIO_CACHE_DIR, hasAudioTools } from './audio.js';
import { emitCallWebhook as emitCall, type CallWebhookInput } from './call-webhook.js';
import { controlHandler, createFaults, type StateSnapshot } from './control.js';
import {
  HttpError,
  badRequest,
  notFound,
  scopeError,
  sendJson,
  statusText,
  type Note,
  type Route,
} from './http.js';
import { RateLimiter, type FaultState, type Faults, type RateLimitOptions } from './limits.js';
import { DEFAULT_SCOPES, oauthHandlers } from './oauth-routes.js';
import { OAuthError, OAuthStore, type AccessToken } from './oauth.js';
import { buildSeed, createRng, type Location, type SeedData } from './seed.js';
import { webhookKeys, type WebhookDelivery } from './webhooks.js';

export { CALL_SCRIPTS, type CallScript } from './call-scripts.js';
export { decodeWav, encodeWav, hasAudioTools, AudioToolsMissingError } from './audio.js';
export { sandboxWebhookPublicKey } from './webhooks.js';
export type { CallWebhookPayload, WebhookDelivery } from './webhooks.js';
export type { Call, Contact, Location, SeedData, CallStatus } from './seed.js';
export type { Faults, FaultState } from './limits.js';

export { VERSION_CONVERSATIONS, VERSION_DEFAULT } from './versions.js';
export { DEFAULT_SCOPES } from './oauth-routes.js';
export type { CallWebhookInput } from './call-webhook.js';
export type { StateSnapshot } from './control.js';

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

  const faults = createFaults(faultState, oauth, limiter);

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

  const { handleConsent, handleToken } = oauthHandlers({
    data,
    oauth,
    locationsById,
    clientId,
    redirectUris: options.redirectUris,
  });
  const handleControl = controlHandler({ faults, state, emitCallWebhook });

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
    const world = { data, locationsById, contactsById, callsById, extraRng, clock };
    const delivery = await emitCall(world, input, targetUrl, signingKey ?? keys.privateKey);
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
