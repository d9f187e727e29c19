/**
 * HighLevel (LeadConnector) sandbox: a standalone HTTP server that answers like the vendor's API v2
 * (consent page, OAuth, locations, call messages, recordings, transcripts, contacts and notes) over
 * seeded deterministic data, with the vendor's rate limit and fault switches for tests.
 */
import { randomUUID, type KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AudioToolsMissingError, DEFAULT_AUDIO_CACHE_DIR, callAudio, hasAudioTools } from './audio.js';
import { CALL_SCRIPTS, findScript } from './call-scripts.js';
import { renderConsentPage, renderErrorPage } from './consent-page.js';
import type { components as Conv } from './generated/conversations.js';
import type { components as Contacts } from './generated/contacts.js';
import type { components as Loc } from './generated/locations.js';
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

export const VERSION_CONVERSATIONS = '2021-04-15';
export const VERSION_DEFAULT = '2021-07-28';
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

type Note = Contacts['schemas']['GetNoteSchema'];
type ApiVersion = typeof VERSION_CONVERSATIONS | typeof VERSION_DEFAULT;

type Ctx = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: string[];
  token: AccessToken;
  rateHeaders: Record<string, string>;
};

type Route = {
  method: 'GET' | 'POST';
  pattern: RegExp;
  version: ApiVersion;
  scope: string;
  /** Which rate-limit bucket the request counts in. */
  handler: (ctx: Ctx) => Promise<void> | void;
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message));
  }
}

const notFound = (message: string) => new HttpError(404, { statusCode: 404, message });
const badRequest = (message: string) => new HttpError(400, { statusCode: 400, message });
const forbiddenLocation = () =>
  new HttpError(403, { statusCode: 403, message: 'The token does not have access to this location.' });
const scopeError = () =>
  new HttpError(401, {
    statusCode: 401,
    message: 'The token is not authorized for this scope.',
    error: 'Unauthorized',
  });

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

  // ---- access rules -------------------------------------------------------------------------
  const requireLocationToken = (token: AccessToken): string => {
    if (token.userType !== 'Location' || !token.locationId) throw scopeError();
    return token.locationId;
  };
  const requireLocation = (token: AccessToken, locationId: string): void => {
    if (requireLocationToken(token) !== locationId) throw forbiddenLocation();
  };

  // ---- API routes ---------------------------------------------------------------------------
  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^\/oauth\/locationToken$/,
      version: VERSION_DEFAULT,
      scope: 'oauth.write',
      handler: async ({ req, res, token, rateHeaders }) => {
        if (token.userType !== 'Company') throw scopeError();
        const form = new URLSearchParams(await readBody(req));
        const missing = ['companyId', 'locationId'].filter((k) => !form.get(k));
        if (missing.length > 0) {
          throw new HttpError(422, {
            statusCode: 422,
            message: missing.map((k) => `${k} should not be empty`),
            error: 'Unprocessable Entity',
          });
        }
        if (form.get('companyId') !== token.companyId) throw forbiddenLocation();
        const locationId = form.get('locationId') as string;
        if (!token.approvedLocations.includes(locationId)) {
          throw badRequest('Location not found or the app is not installed on it');
        }
        sendJson(res, 200, oauth.locationToken(token, locationId), rateHeaders);
      },
    },
    {
      method: 'GET',
      pattern: /^\/locations\/search$/,
      version: VERSION_DEFAULT,
      scope: 'locations.readonly',
      handler: ({ res, url, token, rateHeaders }) => {
        const companyId = url.searchParams.get('companyId');
        if (companyId !== null && companyId !== token.companyId) throw forbiddenLocation();
        const skip = parseNonNegative(url.searchParams.get('skip'), 0, 'skip');
        const limit = parseNonNegative(url.searchParams.get('limit'), 10, 'limit');
        const order = url.searchParams.get('order') ?? 'asc';
        const email = url.searchParams.get('email');
        let visible =
          token.userType === 'Company'
            ? data.locations
            : data.locations.filter((l) => l.id === token.locationId);
        if (email) visible = visible.filter((l) => l.email === email);
        if (order === 'desc') visible = [...visible].reverse();
        const body: Loc['schemas']['SearchSuccessfulResponseDto'] = {
          locations: visible.slice(skip, skip + limit).map(searchLocation),
        };
        sendJson(res, 200, body, rateHeaders);
      },
    },
    {
      method: 'GET',
      pattern: /^\/locations\/([^/]+)$/,
      version: VERSION_DEFAULT,
      scope: 'locations.readonly',
      handler: ({ res, params, token, rateHeaders }) => {
        const id = params[0] as string;
        const location = locationsById.get(id);
        if (token.userType === 'Company') {
          if (!location || location.companyId !== token.companyId) throw notFound('Location not found');
        } else if (token.locationId !== id) {
          throw forbiddenLocation();
        }
        const body: Loc['schemas']['GetLocationByIdSuccessfulResponseDto'] = {
          location: fullLocation(location as Location),
        };
        sendJson(res, 200, body, rateHeaders);
      },
    },
    {
      method: 'GET',
      pattern: /^\/conversations\/messages\/export$/,
      version: VERSION_CONVERSATIONS,
      scope: 'conversations/message.readonly',
      handler: ({ res, url, token, rateHeaders }) => {
        const q = url.searchParams;
        const locationId = q.get('locationId');
        if (!locationId) throw badRequest('locationId is required');
        requireLocation(token, locationId);
        const limit = q.get('limit') === null ? 100 : Number(q.get('limit'));
        if (!Number.isInteger(limit) || limit < 10 || limit > 500) {
          throw badRequest('limit must be an integer between 10 and 500');
        }
        const channel = q.get('channel');
        const channels = ['Call', 'SMS', 'Email', 'WhatsApp', 'Instagram', 'Facebook'];
        if (channel !== null && !channels.includes(channel)) {
          throw badRequest(`channel must be one of: ${channels.join(', ')}`);
        }
        const sortOrder = q.get('sortOrder') ?? 'desc';
        if (sortOrder !== 'asc' && sortOrder !== 'desc') throw badRequest('sortOrder must be asc or desc');
        const sortBy = q.get('sortBy') ?? 'createdAt';
        if (sortBy !== 'createdAt' && sortBy !== 'updatedAt')
          throw badRequest('sortBy must be createdAt or updatedAt');
        const start = parseDate(q.get('startDate'), 'startDate');
        const end = parseDate(q.get('endDate'), 'endDate');
        const conversationId = q.get('conversationId');
        const contactId = q.get('contactId');

        let pool: Conv['schemas']['GetMessageResponseDto'][] = [];
        if (channel === null || channel === 'Call') {
          pool.push(
            ...data.calls.filter((c) => c.message.locationId === locationId).map((c) => publicMessage(c)),
          );
        }
        if (channel === null || channel === 'SMS')
          pool.push(...data.sms.filter((m) => m.locationId === locationId));
        pool = pool.filter((m) => {
          const t = Date.parse(m.dateAdded);
          return (
            (start === null || t >= start) &&
            (end === null || t <= end) &&
            (conversationId === null || m.conversationId === conversationId) &&
            (contactId === null || m.contactId === contactId)
          );
        });
        const dir = sortOrder === 'asc' ? 1 : -1;
        const cmp = (a: { t: number; id: string }, b: { t: number; id: string }) =>
          dir * (a.t - b.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        const keyed = pool.map((m) => ({ m, k: { t: Date.parse(m.dateAdded), id: m.id } }));
        keyed.sort((a, b) => cmp(a.k, b.k));
        let from = 0;
        const cursor = q.get('cursor');
        if (cursor) {
          const after = decodeCursor(cursor);
          from = keyed.findIndex((x) => cmp(x.k, after) > 0);
          if (from === -1) from = keyed.length;
        }
        const page = keyed.slice(from, from + limit);
        const last = page[page.length - 1];
        const body: Conv['schemas']['ExportMessagesResponseDto'] = {
          messages: page.map((x) => x.m),
          total: keyed.length,
          // The spec says null when there is no next page; omitted here so the answer stays valid
          // against the spec's `type: string` (clients test `!nextCursor` either way).
          ...(last && from + limit < keyed.length ? { nextCursor: encodeCursor(last.k) } : {}),
        };
        sendJson(res, 200, body, rateHeaders);
      },
    },
    {
      method: 'GET',
      pattern: /^\/conversations\/messages\/([^/]+)\/locations\/([^/]+)\/recording$/,
      version: VERSION_CONVERSATIONS,
      scope: 'conversations/message.readonly',
      handler: async ({ res, params, token, rateHeaders }) => {
        const [messageId, locationId] = params as [string, string];
        requireLocation(token, locationId);
        const call = callsById.get(messageId);
        if (!call || call.message.locationId !== locationId) throw notFound('Message not found');
        const script = call.scriptId ? findScript(call.scriptId) : undefined;
        if (!script) throw notFound('No recording found for this message');
        let audio;
        try {
          audio = await callAudio(script, audioCacheDir);
        } catch (err) {
          if (err instanceof AudioToolsMissingError)
            throw new HttpError(500, { statusCode: 500, message: err.message });
          throw err;
        }
        const { size } = await stat(audio.wavPath);
        res.writeHead(200, {
          ...rateHeaders,
          'Content-Type': 'audio/x-wav',
          'Content-Length': String(size),
          'Content-Disposition': 'attachment; filename=audio.wav',
        });
        await new Promise<void>((resolve, reject) => {
          const stream = createReadStream(audio.wavPath);
          stream.on('error', reject);
          res.on('close', resolve);
          stream.pipe(res);
        });
      },
    },
    {
      method: 'GET',
      pattern: /^\/conversations\/locations\/([^/]+)\/messages\/([^/]+)\/transcription$/,
      version: VERSION_CONVERSATIONS,
      scope: 'conversations/message.readonly',
      handler: async ({ res, params, token, rateHeaders }) => {
        const [locationId, messageId] = params as [string, string];
        requireLocation(token, locationId);
        const call = callsById.get(messageId);
        if (!call || call.message.locationId !== locationId) throw notFound('Message not found');
        const script = call.scriptId ? findScript(call.scriptId) : undefined;
        if (!script || !call.hasTranscript) throw notFound('No transcription found for this message');
        let audio;
        try {
          audio = await callAudio(script, audioCacheDir);
        } catch (err) {
          if (err instanceof AudioToolsMissingError)
            throw new HttpError(500, { statusCode: 500, message: err.message });
          throw err;
        }
        const sentences: Conv['schemas']['GetMessageTranscriptionResponseDto'][] = audio.sentences.map(
          (s, i) => ({
            mediaChannel: s.speaker === 'agent' ? 1 : 2,
            sentenceIndex: i,
            startTime: s.startMs,
            endTime: s.endMs,
            transcript: s.text,
            confidence: 0.9 + ((i * 7) % 10) / 100,
          }),
        );
        sendJson(res, 200, sentences, rateHeaders);
      },
    },
    {
      method: 'GET',
      pattern: /^\/conversations\/([^/]+)\/messages$/,
      version: VERSION_CONVERSATIONS,
      scope: 'conversations/message.readonly',
      handler: ({ res, url, params, token, rateHeaders }) => {
        const conversationId = params[0] as string;
        const own = requireLocationToken(token);
        const all: Conv['schemas']['GetMessageResponseDto'][] = [
          ...data.calls
            .filter((c) => c.message.conversationId === conversationId)
            .map((c) => publicMessage(c)),
          ...data.sms.filter((m) => m.conversationId === conversationId),
        ];
        if (all.length === 0) throw notFound('Conversation not found');
        if (all[0]?.locationId !== own) throw forbiddenLocation();
        const types = url.searchParams.get('type')?.split(',').filter(Boolean);
        const limit = url.searchParams.get('limit') === null ? 20 : Number(url.searchParams.get('limit'));
        if (!Number.isInteger(limit) || limit < 1 || limit > 100)
          throw badRequest('limit must be between 1 and 100');
        let list = all
          .filter((m) => !types || types.includes(m.messageType))
          .sort((a, b) => Date.parse(b.dateAdded) - Date.parse(a.dateAdded) || (a.id < b.id ? 1 : -1));
        const lastMessageId = url.searchParams.get('lastMessageId');
        if (lastMessageId) {
          const at = list.findIndex((m) => m.id === lastMessageId);
          if (at === -1) throw badRequest('lastMessageId is not in this conversation');
          list = list.slice(at + 1);
        }
        const page = list.slice(0, limit);
        // Live shape: the page is nested under `messages` (the spec shows it flat).
        const inner: Conv['schemas']['GetMessagesByConversationResponseDto'] = {
          lastMessageId: page[page.length - 1]?.id ?? '',
          nextPage: list.length > limit,
          messages: page,
        };
        sendJson(res, 200, { messages: inner }, rateHeaders);
      },
    },
    {
      method: 'GET',
      pattern: /^\/contacts\/([^/]+)\/notes$/,
      version: VERSION_DEFAULT,
      scope: 'contacts.readonly',
      handler: ({ res, params, token, rateHeaders }) => {
        const contact = ownContact(token, params[0] as string);
        const body: Contacts['schemas']['GetNotesListSuccessfulResponseDto'] = {
          notes: [...(notes.get(contact.id) ?? [])].reverse(),
        };
        sendJson(res, 200, body, rateHeaders);
      },
    },
    {
      method: 'POST',
      pattern: /^\/contacts\/([^/]+)\/notes$/,
      version: VERSION_DEFAULT,
      scope: 'contacts.write',
      handler: async ({ req, res, params, token, rateHeaders }) => {
        const contact = ownContact(token, params[0] as string);
        let input: unknown;
        try {
          input = JSON.parse(await readBody(req));
        } catch {
          throw badRequest('Body must be JSON');
        }
        const obj = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
        const problems: string[] = [];
        if (typeof obj.body !== 'string' || obj.body.trim() === '') problems.push('body should not be empty');
        for (const k of ['userId', 'title', 'color'] as const) {
          if (obj[k] !== undefined && typeof obj[k] !== 'string') problems.push(`${k} must be a string`);
        }
        if (obj.pinned !== undefined && typeof obj.pinned !== 'boolean')
          problems.push('pinned must be a boolean');
        if (problems.length > 0) {
          throw new HttpError(422, { statusCode: 422, message: problems, error: 'Unprocessable Entity' });
        }
        const note: Note = {
          id: makeId(extraRng),
          body: obj.body as string,
          userId: typeof obj.userId === 'string' ? obj.userId : token.userId,
          dateAdded: new Date(clock()).toISOString(),
          contactId: contact.id,
          ...(typeof obj.title === 'string' ? { title: obj.title } : {}),
          ...(typeof obj.color === 'string' ? { color: obj.color } : {}),
          pinned: obj.pinned === true,
        };
        notes.set(contact.id, [...(notes.get(contact.id) ?? []), note]);
        const body: Contacts['schemas']['GetCreateUpdateNoteSuccessfulResponseDto'] = { note };
        sendJson(res, 201, body, rateHeaders);
      },
    },
    {
      method: 'GET',
      pattern: /^\/contacts\/([^/]+)$/,
      version: VERSION_DEFAULT,
      scope: 'contacts.readonly',
      handler: ({ res, params, token, rateHeaders }) => {
        const c = ownContact(token, params[0] as string);
        const body: Contacts['schemas']['ContactsByIdSuccessfulResponseDto'] = {
          contact: {
            ...c,
            emailLowerCase: c.email.toLowerCase(),
            firstNameLowerCase: c.firstName.toLowerCase(),
            lastNameLowerCase: c.lastName.toLowerCase(),
            fullNameLowerCase: c.name.toLowerCase(),
            dateUpdated: c.dateAdded,
            dnd: false,
            type: 'lead',
            customFields: [],
          },
        };
        sendJson(res, 200, body, rateHeaders);
      },
    },
  ];

  function ownContact(token: AccessToken, contactId: string) {
    const own = requireLocationToken(token);
    const contact = contactsById.get(contactId);
    if (!contact) throw notFound('Contact not found');
    if (contact.locationId !== own) throw forbiddenLocation();
    return contact;
  }

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

// ---- shapes -------------------------------------------------------------------------------------

/** A call message as the API returns it (internal fields dropped). */
function publicMessage(call: Call): Conv['schemas']['GetMessageResponseDto'] {
  // The live API's `meta.call` is not in the spec's MessageMeta; the spec allows extra properties.
  return call.message as unknown as Conv['schemas']['GetMessageResponseDto'];
}

function searchLocation(l: Location): Loc['schemas']['GetLocationSchema'] & { companyId: string } {
  return {
    id: l.id,
    companyId: l.companyId,
    name: l.name,
    phone: l.phone,
    email: l.email,
    address: l.address,
    city: l.city,
    state: l.state,
    country: l.country,
    postalCode: l.postalCode,
    website: l.website,
    timezone: l.timezone,
    settings: settingsOf(),
    social: socialOf(l),
  };
}

function fullLocation(l: Location): Loc['schemas']['GetLocationByIdSchema'] {
  return {
    ...l,
    business: {
      name: l.name,
      address: l.address,
      city: l.city,
      state: l.state,
      country: l.country,
      postalCode: l.postalCode,
      website: l.website,
      timezone: l.timezone,
      logoUrl: l.logoUrl,
    },
    social: socialOf(l),
    settings: settingsOf(),
    reseller: {},
  };
}

function socialOf(l: Location): Loc['schemas']['SocialSchema'] {
  return {
    facebookUrl: `https://facebook.com/${l.domain}`,
    googlePlus: '',
    linkedIn: '',
    foursquare: '',
    twitter: '',
    yelp: '',
    instagram: '',
    youtube: '',
    pinterest: '',
    blogRss: '',
    googlePlacesId: '',
  };
}

function settingsOf(): Loc['schemas']['SettingsSchema'] {
  return {
    allowDuplicateContact: false,
    allowDuplicateOpportunity: false,
    allowFacebookNameMerge: false,
    disableContactTimezone: false,
  };
}

// ---- HTTP helpers -------------------------------------------------------------------------------

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(html)),
  });
  res.end(html);
}

const MAX_BODY = 1_000_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, { statusCode: 413, message: 'Payload Too Large' }));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function statusText(status: number): string {
  return (
    { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' }[
      status
    ] ?? 'Error'
  );
}

function parseNonNegative(raw: string | null, fallback: number, name: string): number {
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw badRequest(`${name} must be a non-negative integer`);
  return n;
}

/** ISO date-time or epoch milliseconds; null when absent. */
function parseDate(raw: string | null, name: string): number | null {
  if (raw === null || raw === '') return null;
  const t = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(t)) throw badRequest(`${name} must be an ISO date or epoch milliseconds`);
  return t;
}

function encodeCursor(k: { t: number; id: string }): string {
  return Buffer.from(JSON.stringify({ lastSort: [k.t], lastId: k.id })).toString('base64');
}

function decodeCursor(raw: string): { t: number; id: string } {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as {
      lastSort?: unknown;
      lastId?: unknown;
    };
    const t = Array.isArray(v.lastSort) ? v.lastSort[0] : undefined;
    if (typeof t !== 'number' || typeof v.lastId !== 'string') throw new Error('bad');
    return { t, id: v.lastId };
  } catch {
    throw badRequest('cursor is invalid');
  }
}
