import { z } from 'zod';

/** An organization's settings (admins change them; every member reads them). */
export const OrganizationSettings = z.object({
  redact_emails: z.boolean().describe('Remove e-mail addresses from transcripts of new calls'),
  redact_phones: z.boolean().describe('Remove phone numbers from transcripts of new calls'),
  retention_days: z
    .number()
    .int()
    .min(1)
    .max(3650)
    .nullable()
    .describe('Recordings older than this many days are deleted every night; null keeps them'),
});
export type OrganizationSettings = z.infer<typeof OrganizationSettings>;

export const OrganizationSettingsUpdate = OrganizationSettings.partial().strict();
export type OrganizationSettingsUpdate = z.infer<typeof OrganizationSettingsUpdate>;

export const RetentionPreviewQuery = z.object({ days: z.coerce.number().int().min(1).max(3650) });
export const RetentionPreview = z.object({
  days: z.number().int(),
  count: z.number().int().describe('Recordings that a retention of this many days would delete now'),
  oldest: z.string().nullable().describe('Creation date of the oldest of them'),
});
export type RetentionPreview = z.infer<typeof RetentionPreview>;
export const RetentionRunResponse = z.object({ queued: z.literal(true) });
