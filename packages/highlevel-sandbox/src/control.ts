/**
 * Test control: the fault switches (expired tokens, failing, slow or rate-limited answers) as an
 * object, and the same switches, the state and call webhooks over HTTP under `/__sandbox/*`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, notFound, readBody, sendJson, type Note } from './http.js';
import type { FaultState, Faults, RateLimiter } from './limits.js';
import type { OAuthStore } from './oauth.js';
import type { WebhookDelivery } from './webhooks.js';

export type StateSnapshot = {
  companyId: string;
  locationIds: string[];
  notes: { locationId: string; contactId: string; note: Note }[];
  tokenRefreshCount: number;
  tokensIssued: number;
  locationTokensIssued: number;
  rateLimited: number;
  requests: number;
  webhooksSent: number;
  faults: FaultState;
};

export function createFaults(faultState: FaultState, oauth: OAuthStore, limiter: RateLimiter): Faults {
  return {
    expireTokensNow: () => void oauth.expireAll(),
    failNext: (count, status = 503) => {
      faultState.failNext = { count: Math.max(0, Math.floor(count)), status };
    },
    slow: (ms) => {
      faultState.slowMs = Math.max(0, ms);
    },
    rateLimitStorm: (count) => {
      faultState.rateLimitStorm = Math.max(0, Math.floor(count));
    },
    reset: () => {
      faultState.failNext = { count: 0, status: 503 };
      faultState.slowMs = 0;
      faultState.rateLimitStorm = 0;
      limiter.reset();
    },
    get state() {
      return structuredClone(faultState);
    },
  };
}

export function controlHandler(opts: {
  faults: Faults;
  state: () => StateSnapshot;
  emitCallWebhook: (input: { locationId: string }, targetUrl: string) => Promise<WebhookDelivery>;
}) {
  const { faults, state, emitCallWebhook } = opts;
  return async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.slice('/__sandbox'.length);
    if (req.method === 'GET' && path === '/state') return sendJson(res, 200, state());
    if (req.method !== 'POST') throw notFound('Not found');
    const raw = await readBody(req);
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        throw badRequest('Body must be JSON');
      }
    }
    const num = (k: string, fallback?: number): number => {
      const v = body[k] ?? fallback;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
        throw badRequest(`${k} must be a non-negative number`);
      return v;
    };
    switch (path) {
      case '/faults/expire-tokens':
        faults.expireTokensNow();
        break;
      case '/faults/fail-next': {
        const status = num('status', 503);
        if (status < 400 || status > 599) throw badRequest('status must be an HTTP error status');
        faults.failNext(num('count'), status);
        break;
      }
      case '/faults/slow':
        faults.slow(num('ms'));
        break;
      case '/faults/rate-limit-storm':
        faults.rateLimitStorm(num('count'));
        break;
      case '/faults/reset':
        faults.reset();
        break;
      case '/webhooks/call': {
        if (typeof body.locationId !== 'string' || typeof body.targetUrl !== 'string') {
          throw badRequest('locationId and targetUrl are required');
        }
        const delivery = await emitCallWebhook({ locationId: body.locationId }, body.targetUrl);
        return sendJson(res, 200, delivery);
      }
      default:
        throw notFound('Not found');
    }
    sendJson(res, 200, state());
  };
}
