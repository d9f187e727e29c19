/** Owns the bell's HTTP routes: list, mark read, and the server-sent event stream. */
import { notificationsApi } from '@call-insights/contracts/notifications.routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import type { Router } from '../../http/route.js';
import type { NotificationsService } from './notifications.service.js';

const HEARTBEAT_MS = 25_000;

export function notificationsRoutes(
  api: FastifyInstance,
  router: Router,
  service: NotificationsService,
  opts: { heartbeatMs?: number } = {},
): void {
  const open = new Set<() => void>();
  // Open streams would keep the server from closing: end them first.
  api.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  router.route(notificationsApi.list, async ({ caller, query, lang }) => service.list(caller, query, lang));
  router.route(notificationsApi.read, async ({ caller, body }) => service.markRead(caller, body));
  router.route(notificationsApi.streamToken, async ({ caller }) => service.streamToken(caller));

  router.route(notificationsApi.stream, async ({ query, req, reply }) => {
    const session = await service.openStream(query.token);
    if (!session) {
      throw new AppError(
        'UNAUTHORIZED',
        'This notification stream link is not valid or has expired. Ask for a new one.',
      );
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let ended = false;
    const send = async () => {
      if (ended) return;
      const unread = await service.unread(session.userId).catch(() => undefined);
      if (unread !== undefined && !ended)
        res.write(`event: notifications\ndata: ${JSON.stringify({ unread })}\n\n`);
    };
    const unsubscribe = service.subscribe(session.userId, () => void send());
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      res.end();
    };
    const heartbeat = setInterval(() => {
      void service.stillValid(session).then((valid) => {
        if (ended) return;
        if (!valid) {
          res.write('event: session-ended\ndata: {}\n\n');
          end();
        } else res.write(': heartbeat\n\n');
      });
    }, opts.heartbeatMs ?? HEARTBEAT_MS);
    open.add(end);
    req.raw.on('close', end);
    res.write('retry: 5000\n\n');
    await send();
  });
}
