import { z } from 'zod';
import { Id } from './http.js';
import { UserType } from './users.js';

/**
 * CRM account (HighLevel location) contracts: spec document 1, sections 3 and 7 (the /locations
 * calls), and the OAuth install that saves them. Tokens never appear in any of these answers:
 * the server keeps them sealed (the spec's entities carried them to the browser; ours do not).
 */

export const LocationId = Id;

/** The spec's success marker of PUT calls. */
export const MsgSuccessResponse = z.object({ msg: z.literal('success') });

/** Who provides the CRM: the real HighLevel, or the sandbox started in-process (embedded default). */
export const CrmProvider = z.object({
  kind: z.enum(['highlevel', 'sandbox']),
  label: z.string().describe('"HighLevel" or "Sandbox CRM": shown as the Source column'),
});
export type CrmProvider = z.infer<typeof CrmProvider>;

/** A CRM account as lists show it (account settings, admin locations, import dialog). */
export const LocationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean().describe('"Active sync": new calls come in by themselves (webhooks) when on'),
  updatedAt: z.string(),
  location_id: z.string().describe('The CRM location id'),
  companyId: z.string().nullable(),
  source: z.string().describe('The CRM provider label ("HighLevel" or "Sandbox CRM")'),
  install: z.enum(['Location', 'Company']).describe('How it was connected'),
  needs_reconnect: z
    .boolean()
    .describe('True when HighLevel refused the stored tokens: run Sync CRM again for this account'),
});
export type LocationSummary = z.infer<typeof LocationSummary>;

export const LocationsResponse = z.object({
  locations: z.array(LocationSummary).describe('De-duplicated by name, keeping the latest updatedAt'),
});
export type LocationsResponse = z.infer<typeof LocationsResponse>;

/** The spec sends ?userId=; the caller is the token, so it is accepted and ignored. */
export const UserIdQuery = z.object({ userId: z.string().max(40).optional() });

export const SetActiveRequest = z.object({
  id: LocationId,
  status: z.boolean().describe('The new "Active sync" value'),
});
export type SetActiveRequest = z.infer<typeof SetActiveRequest>;

export const LocationQuery = z.object({ id: LocationId });

export const LocationUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string().describe('The user’s role in the organization'),
  users_locations: z.object({ role: z.string().describe('The user’s role on this location') }),
});
export type LocationUser = z.infer<typeof LocationUser>;

export const LocationDetail = LocationSummary.extend({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
  website: z.string().nullable(),
  timezone: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  users: z.array(LocationUser),
});
export type LocationDetail = z.infer<typeof LocationDetail>;

export const LocationResponse = z.object({ location: LocationDetail });
export type LocationResponse = z.infer<typeof LocationResponse>;

export const RenameLocationRequest = z.object({
  id: LocationId,
  name: z.string().trim().min(1).max(200),
});
export type RenameLocationRequest = z.infer<typeof RenameLocationRequest>;

/** The import dialog's account selector (moved here from the recordings contracts; same answer). */
export const ActiveLocation = z.object({ id: z.number().int(), name: z.string(), location_id: z.string() });
export const ActiveLocationsResponse = z.object({ locations: z.array(ActiveLocation) });
export type ActiveLocationsResponse = z.infer<typeof ActiveLocationsResponse>;

// ---- OAuth install ------------------------------------------------------------------------------

export const OAuthStartRequest = z.object({ user_type: UserType });
export type OAuthStartRequest = z.infer<typeof OAuthStartRequest>;

export const OAuthStartResponse = z.object({
  url: z.string().describe('The CRM consent page to send the browser to'),
  expiresAt: z
    .number()
    .int()
    .describe('When the signed state stops being accepted (seconds since the epoch)'),
});
export type OAuthStartResponse = z.infer<typeof OAuthStartResponse>;

/** What the web's /redirect page posts back: the `code` and our `state` from the query string. */
export const OAuthCallbackRequest = z.object({
  code: z.string().trim().min(1).max(2048),
  state: z.string().trim().min(1).max(2048),
});
export type OAuthCallbackRequest = z.infer<typeof OAuthCallbackRequest>;

export const SavedLocations = z.object({
  user_type: UserType,
  locations: z.array(LocationSummary).describe('The accounts saved by this install'),
});

/** `POST /crm/oauth/callback`: any install type (the state says which). */
export const OAuthCallbackResponse = SavedLocations.extend({ msg: z.literal('success') });
/** `POST /locations` (Location installs): the spec's `success: 'success'`. */
export const SaveLocationResponse = SavedLocations.extend({ success: z.literal('success') });
/** `POST /locations/company` (Company installs): the spec's `msg: 'success'`. */
export const SaveCompanyResponse = SavedLocations.extend({ msg: z.literal('success') });

/** Literal texts of the redirect page and of OAuth failures (English; French lives with the server/web). */
export const LOCATIONS_SAVED = 'Locations data is saved successful';
