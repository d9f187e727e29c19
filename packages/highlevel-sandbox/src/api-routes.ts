/**
 * The vendor API's routes over the seeded world: OAuth location tokens, locations, call messages
 * (export, by conversation), recordings, transcriptions, contacts and notes. Each declares its
 * `Version` header, its scope and how it answers; the dispatcher in `index.ts` checks the token, the
 * version, the rate limit and the faults before calling it.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { AudioToolsMissingError, callAudio } from './audio.js';
import { findScript } from './call-scripts.js';
import type { components as Conv } from './generated/conversations.js';
import type { components as Contacts } from './generated/contacts.js';
import type { components as Loc } from './generated/locations.js';
import {
  HttpError,
  badRequest,
  decodeCursor,
  encodeCursor,
  forbiddenLocation,
  notFound,
  parseDate,
  parseNonNegative,
  readBody,
  scopeError,
  sendJson,
  type Note,
  type Route,
} from './http.js';
import { fullLocation, publicMessage, searchLocation } from './shapes.js';
import type { AccessToken, OAuthStore } from './oauth.js';
import { makeId, type Call, type Contact, type Location, type SeedData } from './seed.js';
import { VERSION_CONVERSATIONS, VERSION_DEFAULT } from './versions.js';

/** What the routes read and change: the seeded data, its indexes, the notes written, the tokens. */
export type SandboxWorld = {
  data: SeedData;
  oauth: OAuthStore;
  notes: Map<string, Note[]>;
  locationsById: Map<string, Location>;
  contactsById: Map<string, Contact>;
  callsById: Map<string, Call>;
  extraRng: () => number;
  clock: () => number;
  audioCacheDir: string;
};

export function apiRoutes(world: SandboxWorld): Route[] {
  const { data, oauth, notes, locationsById, contactsById, callsById, extraRng, clock, audioCacheDir } =
    world;

  // ---- access rules -------------------------------------------------------------------------
  const requireLocationToken = (token: AccessToken): string => {
    if (token.userType !== 'Location' || !token.locationId) throw scopeError();
    return token.locationId;
  };
  const requireLocation = (token: AccessToken, locationId: string): void => {
    if (requireLocationToken(token) !== locationId) throw forbiddenLocation();
  };

  function ownContact(token: AccessToken, contactId: string) {
    const own = requireLocationToken(token);
    const contact = contactsById.get(contactId);
    if (!contact) throw notFound('Contact not found');
    if (contact.locationId !== own) throw forbiddenLocation();
    return contact;
  }

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
  return routes;
}
