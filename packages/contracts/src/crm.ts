import { z } from 'zod';
import { Id } from './http.js';
import { LocationId } from './locations.js';

/**
 * CRM sync contracts: spec document 2, "Sync-from-location flow" (states, error kinds and their
 * literal texts, default window), the write-back setting and the HighLevel webhook answer.
 */

/** Halt ("Finding Location") → AccessToken → CallInfo ("Sync Records") → Success | Timeout | Error. */
export const SyncState = z.enum(['Halt', 'AccessToken', 'CallInfo', 'Success', 'Timeout', 'Error']);
export type SyncState = z.infer<typeof SyncState>;

/** The spec's error kinds, spelled as the spec spells them. */
export const SyncErrorKind = z.enum([
  'AccessToken',
  'LocationNotFound',
  'MaxCallAllreadyExcided',
  'MaxCallExcided',
  'Unknown',
]);
export type SyncErrorKind = z.infer<typeof SyncErrorKind>;

/** The spec's progress texts, by state (English; the web translates them). */
export const SYNC_STATE_TEXT = {
  Halt: 'Finding Location',
  AccessToken: 'Fetching Access Token',
  CallInfo: 'Sync Records',
  Success: 'The records were synced!',
  Timeout: 'We are processing your information. In a few minutes your recordings will be synchronized.',
} as const;

/** The spec's result texts, by error kind; anything else (LocationNotFound too) is "Error. Try again later.". */
export const SYNC_ERROR_TEXT = {
  AccessToken:
    'Error retrieving access token. This usually means that the location is out of sync. Return to your account page, click Sync CRM and choose the appropriate Location.',
  MaxCallAllreadyExcided: 'You have exceeded the maximum number of saved recordings.',
  MaxCallExcided:
    'You have more recordings to sync than the limit for your account. Only part of the recordings were saved.',
  LocationNotFound: 'Error. Try again later.',
  Unknown: 'Error. Try again later.',
} as const satisfies Record<SyncErrorKind, string>;

/** Default window when no dates are given: the last 30 days. */
export const SYNC_DEFAULT_DAYS = 30;

/**
 * The earliest day a sync window may reach (UTC): older than any call HighLevel keeps, and far
 * from the years dates cannot be written or stored in (year 0, negative years).
 */
export const SYNC_EARLIEST_DATE = '2000-01-01';

/** A date as epoch milliseconds (the spec's form) or an ISO 8601 string. */
const SyncDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .union([
      z.number().int().min(0).max(8_640_000_000_000_000),
      z.iso.datetime({ offset: true }),
      z.iso.date(),
    ])
    .optional(),
);

export const SyncStartRequest = z
  .object({
    location_id: LocationId.optional().describe('Our id of the CRM account (the row’s Sync Calls button)'),
    location_name: z
      .string()
      .max(200)
      .optional()
      .describe('Exact, case-sensitive account name (the admin page’s "Location Name" form)'),
    start_date: SyncDate.describe(
      'Window start (epoch ms or ISO); empty = 30 days before end_date; not before 2000-01-01',
    ),
    end_date: SyncDate.describe(
      'Window end (epoch ms or ISO); empty = now; never after today nor before 2000-01-01',
    ),
  })
  .refine((b) => b.location_id !== undefined || (b.location_name ?? '').trim() !== '', {
    message: 'Give location_id or location_name',
    path: ['location_id'],
  });
export type SyncStartRequest = z.infer<typeof SyncStartRequest>;

export const SyncCounts = z.object({
  found: z.number().int().describe('Calls in the window (HighLevel’s count)'),
  imported: z.number().int(),
  skipped: z.number().int().describe('Already imported before, or no recording (counted in noRecording too)'),
  noRecording: z.number().int(),
  failed: z.number().int(),
});
export type SyncCounts = z.infer<typeof SyncCounts>;

export const SyncRun = z.object({
  id: z.number().int(),
  location: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(['manual', 'live']),
  state: SyncState,
  errorKind: SyncErrorKind.nullable(),
  message: z.string().describe('The spec’s text for the state or error kind'),
  counts: SyncCounts,
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SyncRun = z.infer<typeof SyncRun>;

export const SyncRunParams = z.object({ id: Id });

export const CrmSettings = z.object({
  writeBack: z
    .boolean()
    .describe(
      'After analysis, write a short note (summary, result, next step, link) to the HighLevel contact',
    ),
});
export type CrmSettings = z.infer<typeof CrmSettings>;

export const WebhookAck = z.object({
  status: z.enum(['accepted', 'ignored']),
});
