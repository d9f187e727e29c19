import { z } from 'zod';
import { CallResultClass } from './analysis.js';
import { Id } from './http.js';

/** Recording contracts: spec document 2, sections 2–7 (recordings list, import, progress, export). */

export const RecordingStatus = z.enum(['queued', 'transcribing', 'analyzing', 'done', 'failed']);
export type RecordingStatus = z.infer<typeof RecordingStatus>;

export const RecordingSource = z.enum(['uploaded_file', 'file_url', 'crm', 'sample']);
export type RecordingSource = z.infer<typeof RecordingSource>;

export const RECORDINGS_PAGE_SIZE = 10;
export const DEFAULT_NUM_SPEAKERS = 2;

/** Countries of the phone selector: ISO code → dial code. */
export const PHONE_COUNTRIES = [
  { code: 'US', dial: '+1' },
  { code: 'CA', dial: '+1' },
  { code: 'GB', dial: '+44' },
  { code: 'MX', dial: '+52' },
] as const;
export const PhoneCountry = z.enum(['US', 'CA', 'GB', 'MX']);
export type PhoneCountry = z.infer<typeof PhoneCountry>;

export const UPLOAD_SUCCESS = 'file uploaded successfully';
export const PHONE_WITHOUT_ACCOUNT = 'Upload failed: Please select an account when providing a phone number.';
export const ACCOUNT_WITHOUT_PHONE = 'Upload failed: Please provide both a phone number and an account.';

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The JSON part of an upload (and the body of a URL import, plus file_url). */
export const UploadMeta = z.object({
  user_id: Id.optional().describe('The uploader; must be the signed-in user'),
  upload_type: z.enum(['uploaded_file', 'file_url']).optional(),
  num_speakers: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10).default(DEFAULT_NUM_SPEAKERS),
  ),
  phone_number: z.preprocess(emptyToUndefined, z.string().trim().max(40).optional()),
  phone_country: z.preprocess(emptyToUndefined, PhoneCountry.default('US')),
  location_id: z.preprocess(emptyToUndefined, Id.optional()),
});
export type UploadMeta = z.infer<typeof UploadMeta>;

export const FileUrlRequest = UploadMeta.extend({
  file_url: z.string().trim().min(1).max(2048),
});
export type FileUrlRequest = z.infer<typeof FileUrlRequest>;

export const UploadResponse = z.object({ success: z.literal(UPLOAD_SUCCESS), id: z.number().int() });
export type UploadResponse = z.infer<typeof UploadResponse>;

export const RecordingIdQuery = z.object({ id: Id });

export const ProgressResponse = z.object({
  progress: z.number().int().min(0).max(100),
  status: RecordingStatus,
  error: z.string().nullable(),
});
export type ProgressResponse = z.infer<typeof ProgressResponse>;

/**
 * For admins only (null for everyone else, and when nothing needs changing): what to change in the
 * server's settings so a failed recording can be processed, e.g. the speech-to-text model setting.
 * `error` stays a plain sentence a sales user can read.
 */
export const ErrorSetup = z
  .string()
  .nullable()
  .describe('Admins only: the server setting to change so this recording can be processed; else null');

/** The browser's time zone: a date typed in the search means that day where the user is. */
const TimeZoneParam = z
  .string()
  .trim()
  .max(64)
  .optional()
  .describe(
    'The browser’s IANA time zone (e.g. America/New_York): a date typed in q means that day there (UTC when absent or unknown)',
  );

/** The tracker a list or export is narrowed to. */
const TrackerIdParam = Id.optional().describe("Only calls that mention this tracker's phrases");

/** The call result a list or export is narrowed to. */
const ResultParam = CallResultClass.optional().describe('Only calls whose analysis ended with this result');

export const RecordingListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** A `next_cursor` or `prev_cursor` of an earlier answer (same q and sort); when given, `page` is ignored. */
  cursor: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      'Opaque position from next_cursor/prev_cursor; deep pages cost what page 1 costs. Wins over page.',
    ),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(['createdAt:desc', 'createdAt:asc']).default('createdAt:desc'),
  tz: TimeZoneParam,
  tracker_id: TrackerIdParam,
  result: ResultParam,
});
export type RecordingListQuery = z.infer<typeof RecordingListQuery>;

/** A row of the recordings list; field names follow the spec's "transcription" entity. */
export const RecordingListItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  dateAdded: z.string(),
  file: z.object({ originalname: z.string(), message_id: z.string().nullable() }),
  crm_userId: z.string().nullable().describe('CRM contact id (shown as Contact ID)'),
  crm_firstName: z.string().nullable(),
  crm_lastName: z.string().nullable(),
  crm_contactName: z.string().nullable(),
  crm_email: z.string().nullable(),
  phone_number: z.string().nullable(),
  num_speakers: z.number().int(),
  duration: z.number().nullable().describe('Seconds'),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  source: RecordingSource,
  status: RecordingStatus,
  progress: z.number().int(),
  error: z.string().nullable(),
  error_setup: ErrorSetup,
});
export type RecordingListItem = z.infer<typeof RecordingListItem>;

export const RecordingListResponse = z.object({
  items: z.array(RecordingListItem),
  total: z.number().int(),
  totalCapped: z.boolean().describe('True when there are more rows than were counted (total is a floor)'),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
  prev_cursor: z.string().nullable().describe('Pass as cursor for the previous page; null on the first page'),
});
export type RecordingListResponse = z.infer<typeof RecordingListResponse>;

export const RetryResponse = z.object({ id: z.number().int(), status: RecordingStatus });

export const SamplesResponse = z.object({ ids: z.array(z.number().int()) });

/** CSV export columns (label → key), in the spec's order. */
export const EXPORT_COLUMNS = [
  ['Date Created', 'created_at'],
  ['Transcription Text', 'transcription_text'],
  ['User', 'user'],
  ['File Name', 'file_url'],
  ['First Name', 'first_name'],
  ['Last Name', 'last_name'],
  ['Account Name', 'account_name'],
  ['Phone Number', 'phone_number'],
  ['Email', 'email'],
  ['Industry', 'industry'],
  ['Sub-Industry', 'sub_industry'],
  ['Location ID', 'location_id'],
  ['Contact ID', 'contact_id'],
  ['Source', 'source'],
  ['Targeting', 'targeting'],
  ['Content', 'content'],
  ['Last Activity Date', 'last_activity_date'],
  ['Rating', 'rating'],
  ['Summary', 'summary'],
] as const;
export type ExportKey = (typeof EXPORT_COLUMNS)[number][1];

export const ExportQuery = z.object({
  q: z.string().trim().max(200).optional(),
  tz: TimeZoneParam,
  tracker_id: TrackerIdParam,
  result: ResultParam,
});

export const AudioUrlResponse = z.object({
  url: z.string().describe('Same-origin URL of the audio with an expiry and a signature'),
  expiresAt: z.number().int().describe('Seconds since the epoch'),
});
export type AudioUrlResponse = z.infer<typeof AudioUrlResponse>;
