import { defineRoute } from './http.js';
import {
  MarkReadRequest,
  MarkReadResponse,
  NotificationsQuery,
  NotificationsResponse,
  StreamQuery,
  StreamTokenResponse,
} from './notifications.js';

/** The bell: the caller's own notifications only. */
const tags = ['notifications'] as const;

export const notificationsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/notifications',
    access: 'member',
    summary: 'My notifications (newest first) and the unread count',
    tags,
    query: NotificationsQuery,
    response: NotificationsResponse,
  }),
  read: defineRoute({
    method: 'POST',
    path: '/notifications/read',
    access: 'member',
    summary: 'Mark some ({ids}) or all ({all: true}) of my notifications as read',
    tags,
    body: MarkReadRequest,
    response: MarkReadResponse,
  }),
  streamToken: defineRoute({
    method: 'POST',
    path: '/notifications/stream-token',
    access: 'member',
    summary: 'A stream URL with a signed token valid 60 seconds (EventSource cannot send headers)',
    tags,
    response: StreamTokenResponse,
  }),
  stream: defineRoute({
    method: 'GET',
    path: '/notifications/stream',
    // The signed stream token of the query stands for the member's session; checked by the handler.
    access: 'public',
    summary:
      'Server-sent events: `notifications` with {unread} when my list changes; a comment every 25 s keeps it open',
    tags,
    query: StreamQuery,
    produces: 'stream',
    contentType: 'text/event-stream',
    errors: ['UNAUTHORIZED'],
  }),
} as const;
