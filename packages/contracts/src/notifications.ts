import { z } from 'zod';
import { Id } from './http.js';

/**
 * The header bell: events for one recipient, with an unread count and a link to the object.
 * The web renders each kind with its own translated sentence filled from `params`.
 */
export const NotificationKind = z.enum([
  'call_analysed',
  'call_failed',
  'invitation_accepted',
  'crm_sync_finished',
  'crm_sync_failed',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NotificationParams = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type NotificationParams = z.infer<typeof NotificationParams>;

/** What the notification is about; `recording` opens the call analysis page. */
export const NotificationLink = z.object({
  type: z.enum(['recording', 'member', 'crm']),
  id: z.number().int().nullable(),
});
export type NotificationLink = z.infer<typeof NotificationLink>;

export const Notification = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  params: NotificationParams.describe(
    'call_analysed: name, result; call_failed: name, reason; invitation_accepted: name, email, role; crm_sync_finished: location, imported, skipped, failed; crm_sync_failed: location, reason',
  ),
  link: NotificationLink.nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: Id.optional().describe('Older than this id'),
});

export const NotificationsResponse = z.object({
  unread: z.number().int(),
  items: z.array(Notification).describe('Newest first'),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

export const MarkReadRequest = z.union([
  z.object({ ids: z.array(Id).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkReadRequest = z.infer<typeof MarkReadRequest>;

export const MarkReadResponse = z.object({ unread: z.number().int() });

/** EventSource cannot send an Authorization header: the stream URL carries a short-lived signed token. */
export const STREAM_TOKEN_TTL_SECONDS = 60;
export const StreamTokenResponse = z.object({
  url: z.string().describe('Path of the event stream with its token, for `new EventSource(url)`'),
  expiresAt: z.number().int().describe('Seconds since the epoch; connect before then'),
});
export const StreamQuery = z.object({
  token: z.string().min(10).max(300),
});

/** Events of the stream: `notifications` with `{ unread }` whenever the recipient's list changes. */
export const StreamEvent = z.object({ unread: z.number().int() });
