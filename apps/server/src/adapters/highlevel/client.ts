/**
 * The typed HighLevel API v2 client: the calls this product makes, with request and answer types
 * generated from the vendored official OpenAPI files (`generated/`). Tokens come from a
 * `TokenSource` (renewed once on 401); everything goes through the paced, retrying wrapper.
 */
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { components as Contacts } from './generated/contacts.js';
import type { components as Conversations } from './generated/conversations.js';
import type { components as Locations } from './generated/locations.js';
import type { components as OAuth } from './generated/oauth.js';
import { HighLevelError } from './errors.js';
import {
  createHighLevelHttp,
  VERSION_CONVERSATIONS,
  VERSION_DEFAULT,
  type HttpOptions,
  type TokenSource,
} from './http.js';
import { createPacer, type Pacer } from './pacer.js';

export type TokenAnswer = OAuth['schemas']['GetAccessCodeSuccessfulResponseDto'];
export type LocationTokenAnswer = OAuth['schemas']['GetLocationAccessTokenSuccessfulResponseDto'];
export type HlLocation = Locations['schemas']['GetLocationByIdSchema'];
export type HlSearchLocation = NonNullable<
  Locations['schemas']['SearchSuccessfulResponseDto']['locations']
>[number];
export type HlMessage = Conversations['schemas']['GetMessageResponseDto'];
export type HlExportPage = Conversations['schemas']['ExportMessagesResponseDto'];
export type HlSentence = Conversations['schemas']['GetMessageTranscriptionResponseDto'];
export type HlContact = NonNullable<Contacts['schemas']['ContactsByIdSuccessfulResponseDto']['contact']>;
export type HlNote = Contacts['schemas']['GetNoteSchema'];

export type UserType = 'Location' | 'Company';

/** Scopes this product needs (and no more): reading calls, contacts, locations; writing notes. */
export const HIGHLEVEL_SCOPES = [
  'locations.readonly',
  'contacts.readonly',
  'contacts.write',
  'conversations.readonly',
  'conversations/message.readonly',
  'users.readonly',
  'oauth.readonly',
  'oauth.write',
] as const;

/** The company sub-location fetch page size (the spec's limit 999). */
export const LOCATION_SEARCH_LIMIT = 999;

export type HighLevelClientOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  log: Logger;
  pacer?: Pacer;
  http?: Partial<Omit<HttpOptions, 'baseUrl' | 'log' | 'pacer'>>;
};

/** A complete token answer: HighLevel marks every field optional; we need these. */
function requireTokens(answer: TokenAnswer): TokenAnswer & { access_token: string; expires_in: number } {
  if (!answer.access_token || typeof answer.expires_in !== 'number') {
    throw new HighLevelError('UNKNOWN', 200, 'token answer without access_token or expires_in', undefined);
  }
  return answer as TokenAnswer & { access_token: string; expires_in: number };
}

export function createHighLevelClient(opts: HighLevelClientOptions) {
  const pacer = opts.pacer ?? createPacer();
  const http = createHighLevelHttp({ baseUrl: opts.baseUrl, log: opts.log, pacer, ...opts.http });
  const creds = { client_id: opts.clientId, client_secret: opts.clientSecret };

  const notFoundToNull = async <T>(p: Promise<T>): Promise<T | null> => {
    try {
      return await p;
    } catch (err) {
      if (err instanceof HighLevelError && err.kind === 'NOT_FOUND') return null;
      throw err;
    }
  };

  return {
    /** Authorization code → tokens (Location or Company). Invalid, used or foreign codes: 400/401. */
    async exchangeCode(code: string, userType: UserType) {
      return requireTokens(
        await http.json<TokenAnswer>({
          method: 'POST',
          path: '/oauth/token',
          form: {
            ...creds,
            grant_type: 'authorization_code',
            code,
            user_type: userType,
            redirect_uri: opts.redirectUri,
          },
        }),
      );
    },

    /** Refresh token → new tokens; the old refresh token is dead from now on (rotation). */
    async refresh(refreshToken: string, userType: UserType) {
      return requireTokens(
        await http.json<TokenAnswer>({
          method: 'POST',
          path: '/oauth/token',
          form: {
            ...creds,
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            user_type: userType,
            redirect_uri: opts.redirectUri,
          },
        }),
      );
    },

    /** Company token → a location token (no refresh token: mint again when it expires). */
    async locationToken(company: TokenSource, companyId: string, locationId: string) {
      const answer = await http.json<LocationTokenAnswer>({
        method: 'POST',
        path: '/oauth/locationToken',
        version: VERSION_DEFAULT,
        auth: company,
        form: { companyId, locationId },
      });
      if (!answer.access_token || typeof answer.expires_in !== 'number') {
        throw new HighLevelError('UNKNOWN', 200, 'location token answer without access_token', undefined);
      }
      return answer as LocationTokenAnswer & { access_token: string; expires_in: number };
    },

    async getLocation(token: TokenSource, locationId: string): Promise<HlLocation> {
      const body = await http.json<Locations['schemas']['GetLocationByIdSuccessfulResponseDto']>({
        method: 'GET',
        path: `/locations/${encodeURIComponent(locationId)}`,
        version: VERSION_DEFAULT,
        auth: token,
      });
      if (!body.location) throw new HighLevelError('NOT_FOUND', 200, 'no location in answer', undefined);
      return body.location;
    },

    /** Every sub-location of a company, paged by the spec's limit of 999. */
    async searchAllLocations(token: TokenSource, companyId: string): Promise<HlSearchLocation[]> {
      const all: HlSearchLocation[] = [];
      for (let skip = 0; ; skip += LOCATION_SEARCH_LIMIT) {
        const body = await http.json<Locations['schemas']['SearchSuccessfulResponseDto']>({
          method: 'GET',
          path: '/locations/search',
          version: VERSION_DEFAULT,
          auth: token,
          query: { companyId, skip, limit: LOCATION_SEARCH_LIMIT },
        });
        const page = body.locations ?? [];
        all.push(...page);
        if (page.length < LOCATION_SEARCH_LIMIT) return all;
      }
    },

    /** One page of a location's calls in a window (bounds inclusive), oldest first. */
    async exportCalls(
      token: TokenSource,
      q: { locationId: string; startDate: Date; endDate: Date; cursor?: string | null; limit?: number },
    ): Promise<HlExportPage> {
      return http.json<HlExportPage>({
        method: 'GET',
        path: '/conversations/messages/export',
        version: VERSION_CONVERSATIONS,
        auth: token,
        query: {
          locationId: q.locationId,
          channel: 'Call',
          limit: q.limit ?? 100,
          sortOrder: 'asc',
          startDate: q.startDate.toISOString(),
          endDate: q.endDate.toISOString(),
          cursor: q.cursor ?? undefined,
        },
      });
    },

    /** The call's audio as a stream, or null when the call has no recording (404). */
    async openRecording(
      token: TokenSource,
      locationId: string,
      messageId: string,
    ): Promise<{ body: Readable; contentType: string; contentLength?: number } | null> {
      return notFoundToNull(
        http.stream({
          method: 'GET',
          path: `/conversations/messages/${encodeURIComponent(messageId)}/locations/${encodeURIComponent(locationId)}/recording`,
          version: VERSION_CONVERSATIONS,
          auth: token,
        }),
      );
    },

    /** HighLevel's own transcript of a call, or null when it has none. */
    async getTranscription(
      token: TokenSource,
      locationId: string,
      messageId: string,
    ): Promise<HlSentence[] | null> {
      const sentences = await notFoundToNull(
        http.json<HlSentence[]>({
          method: 'GET',
          path: `/conversations/locations/${encodeURIComponent(locationId)}/messages/${encodeURIComponent(messageId)}/transcription`,
          version: VERSION_CONVERSATIONS,
          auth: token,
        }),
      );
      return sentences && sentences.length > 0 ? sentences : null;
    },

    async getContact(token: TokenSource, contactId: string): Promise<HlContact | null> {
      const body = await notFoundToNull(
        http.json<Contacts['schemas']['ContactsByIdSuccessfulResponseDto']>({
          method: 'GET',
          path: `/contacts/${encodeURIComponent(contactId)}`,
          version: VERSION_DEFAULT,
          auth: token,
        }),
      );
      return body?.contact ?? null;
    },

    async listNotes(token: TokenSource, contactId: string): Promise<HlNote[]> {
      const body = await http.json<Contacts['schemas']['GetNotesListSuccessfulResponseDto']>({
        method: 'GET',
        path: `/contacts/${encodeURIComponent(contactId)}/notes`,
        version: VERSION_DEFAULT,
        auth: token,
      });
      return body.notes ?? [];
    },

    async addNote(token: TokenSource, contactId: string, body: string): Promise<HlNote> {
      const answer = await http.json<Contacts['schemas']['GetCreateUpdateNoteSuccessfulResponseDto']>({
        method: 'POST',
        path: `/contacts/${encodeURIComponent(contactId)}/notes`,
        version: VERSION_DEFAULT,
        auth: token,
        json: { body },
      });
      return answer.note ?? {};
    },
  };
}

export type HighLevelClient = ReturnType<typeof createHighLevelClient>;
export type { TokenSource } from './http.js';
