/**
 * Owns the request context: who is calling from where (address, user agent, request id), kept in
 * an AsyncLocalStorage for the life of a request so services can record it (the audit log) without
 * every signature carrying the request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type RequestMeta = { ip: string; userAgent: string | undefined; requestId: string };

const storage = new AsyncLocalStorage<RequestMeta>();

/** The current request's meta, or undefined outside a request (jobs, scripts). */
export function currentRequest(): RequestMeta | undefined {
  return storage.getStore();
}

/** An `onRequest` hook: runs the rest of the request inside its context. */
export function requestContextHook(req: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const ua = req.headers['user-agent'];
  storage.run(
    { ip: req.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : undefined, requestId: req.id },
    done,
  );
}
