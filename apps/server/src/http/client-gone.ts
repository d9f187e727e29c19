/**
 * Owns noticing that a client hung up before its answer: long work done for a request (a URL
 * import's download) stops with `RequestAbandonedError`, which the error handler logs at info as
 * an abandoned request, like a cancelled upload (ADR 045).
 */
import type { FastifyReply } from 'fastify';

/** Why a request's work stopped: its client closed the connection before the answer was sent. */
export class RequestAbandonedError extends Error {
  constructor() {
    super('client closed the connection before the answer');
    this.name = 'RequestAbandonedError';
  }
}

/**
 * Aborts (with a RequestAbandonedError) when the response closes before it was sent: the client
 * went away. The request's own 'close' cannot tell: Node emits it once a body has been read.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  const onClose = () => {
    if (!res.writableEnded) controller.abort(new RequestAbandonedError());
  };
  if (res.destroyed) onClose();
  else res.once('close', onClose);
  return controller.signal;
}
