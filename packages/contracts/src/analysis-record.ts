import { z } from 'zod';
import { Id } from './http.js';
import { Analysis, ConversationMetrics } from './analysis.js';
import { ErrorSetup, RecordingStatus } from './recordings.js';
import { Segment } from './transcript.js';

/** The call analysis screen's record (spec document 2, section 7: GET /analysis/analysis). */
const CallRecordBase = z.object({
  crm_contactName: z.string().nullable(),
  crm_firstName: z.string().nullable(),
  crm_lastName: z.string().nullable(),
  phone_number: z.string().nullable(),
  crm_email: z.string().nullable(),
  location: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
  duration: z.number().nullable().describe('Seconds'),
  num_speakers: z.number().int(),
  file: z.object({ originalname: z.string() }),
  transcription: z.string().nullable(),
  segments: z.array(Segment),
  coaching: z.string().nullable(),
  analysis: Analysis.nullable(),
  metrics: ConversationMetrics.nullable(),
});

export const AnalysisRecord = CallRecordBase.extend({
  id: z.number().int(),
  status: RecordingStatus,
  error: z.string().nullable(),
  error_setup: ErrorSetup,
  hasAudio: z.boolean(),
});
export type AnalysisRecord = z.infer<typeof AnalysisRecord>;

/** What the public share page shows: the same content, no ids, no audio, no internal state. */
export const SharedAnalysis = CallRecordBase;
export type SharedAnalysis = z.infer<typeof SharedAnalysis>;

/** How long a share link works: 7, 30 or 90 days, or `null` for never expiring. */
export const ShareExpiryDays = z.union([z.literal(7), z.literal(30), z.literal(90)]).nullable();
export type ShareExpiryDays = z.infer<typeof ShareExpiryDays>;

export const LinkGeneratorRequest = z.object({
  id: Id,
  expires_in_days: ShareExpiryDays.optional().describe(
    'Sets the expiry of the (new or current) link from now: 7, 30 or 90 days, or null for never; omitted keeps it (a new link never expires)',
  ),
});
export const LinkGeneratorResponse = z.object({
  link: z.string().describe('The public URL of the shared analysis'),
  token: z.string(),
  expiresAt: z.string().nullable().describe('When the link stops working (ISO 8601); null: never'),
});
export type LinkGeneratorResponse = z.infer<typeof LinkGeneratorResponse>;

/** Share tokens are 128-bit random values in base64url (22 characters). */
export const ShareToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a share link');
export const ShareQuery = z.object({ link: ShareToken });

export const ShareLinkList = z.object({
  links: z.array(
    z.object({
      link: z.string(),
      token: z.string(),
      createdAt: z.string(),
      expiresAt: z.string().nullable(),
    }),
  ),
});
