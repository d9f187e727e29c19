/**
 * Owns the bell's data: the caller's own notifications and unread count, marking them read, and
 * live delivery. The server pushes `notifications` events (`{unread}`) over server-sent events on a
 * stream URL with a 60-second signed token (ADR 026); each event refetches the list. While the
 * stream is down (or the browser has no EventSource) the list is polled instead.
 */
import { StreamEvent, type MarkReadRequest } from '@call-insights/contracts/notifications';
import { notificationsApi } from '@call-insights/contracts/notifications.routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from './api-client';

export const NOTIFICATIONS_LIMIT = 20;
/** How often the list is fetched when no stream is open. */
export const NOTIFICATIONS_POLL_MS = 30_000;
const MAX_RETRY_MS = 30_000;

export const notificationsKeys = { all: ['notifications'] as const };

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.all,
    queryFn: ({ signal }) =>
      callApi(notificationsApi.list, { query: { limit: NOTIFICATIONS_LIMIT } }, { signal }),
  });
}

/** Opens the event stream while mounted, reconnecting with a fresh token; true while it is open. */
export function useNotificationStream(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | undefined;
    let timer: number | undefined;
    let attempt = 0;

    const retry = () => {
      setLive(false);
      if (stopped) return;
      attempt += 1;
      timer = window.setTimeout(() => void connect(), Math.min(MAX_RETRY_MS, 1_000 * 2 ** attempt));
    };

    const connect = async () => {
      try {
        const { url } = await callApi(notificationsApi.streamToken);
        if (stopped) return;
        const stream = new EventSource(url);
        source = stream;
        let first = true;
        stream.addEventListener('notifications', (event: MessageEvent<string>) => {
          attempt = 0;
          setLive(true);
          let unread: number | undefined;
          try {
            const parsed = StreamEvent.safeParse(JSON.parse(event.data));
            if (parsed.success) unread = parsed.data.unread;
          } catch {
            // A malformed event still means "something changed".
          }
          const cached = queryClient.getQueryData(notificationsQueryOptions().queryKey);
          // The event sent on connecting may only confirm the count already shown; later ones are changes.
          const confirms = first && cached !== undefined && cached.unread === unread;
          first = false;
          if (!confirms) void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
        });
        stream.addEventListener('session-ended', () => {
          stopped = true;
          stream.close();
          setLive(false);
        });
        stream.onerror = () => {
          // The token lives 60 s, so the browser's own reconnect would be refused: start over.
          stream.close();
          retry();
        };
      } catch {
        retry();
      }
    };

    void connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);

  return live;
}

/** The list, live: streamed while possible, polled otherwise. */
export function useNotifications(enabled = true) {
  const live = useNotificationStream(enabled);
  return useQuery({
    ...notificationsQueryOptions(),
    enabled,
    refetchInterval: live ? false : NOTIFICATIONS_POLL_MS,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadRequest) => callApi(notificationsApi.read, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
