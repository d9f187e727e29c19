/**
 * Owns registering handlers against the route contracts of `@call-insights/contracts/*.routes`:
 * method, path, schemas (validation and OpenAPI) and access come from the declaration, so a
 * route is declared once. Access (`public` | `member` | `manager` | `admin`) is enforced here and
 * nowhere else.
 */
import type {
  Access,
  RouteBody,
  RouteDefinition,
  RouteParams,
  RouteQuery,
  RouteResponse,
} from '@call-insights/contracts/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { Caller } from '../plugins/auth.js';
import { languageOf, type Language } from '../i18n/translate.js';

/** Rank of each role; a route's access names the lowest rank allowed. */
const RANK: Record<Caller['role'], number> = { user: 1, manager: 2, admin: 3 };
const REQUIRED: Record<Exclude<Access, 'public'>, number> = { member: 1, manager: 2, admin: 3 };

export function canAccess(role: Caller['role'], access: Access): boolean {
  return access === 'public' || RANK[role] >= REQUIRED[access];
}

export type RouteContext<R extends RouteDefinition> = {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** The signed-in caller; `undefined` only on public routes. */
  caller: R['access'] extends 'public' ? Caller | undefined : Caller;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The language of the answer's messages (Accept-Language; English by default). */
  lang: Language;
};

/** JSON routes return their answer; stream routes return what `reply.send` takes; `none` returns nothing. */
export type RouteResult<R extends RouteDefinition> = R['produces'] extends 'stream'
  ? unknown
  : R['produces'] extends 'none'
    ? void
    : RouteResponse<R>;

export type RateLimitPolicies = Record<
  NonNullable<RouteDefinition['rateLimit']>,
  { max: number; timeWindow: number }
>;

export type Router = {
  route<R extends RouteDefinition>(def: R, handler: (ctx: RouteContext<R>) => Promise<RouteResult<R>>): void;
};

export type RouterDeps = {
  authenticate(req: FastifyRequest): Promise<Caller>;
  rateLimits: RateLimitPolicies;
};

export function createRouter(app: FastifyInstance, deps: RouterDeps): Router {
  return {
    route(def, handler) {
      const produces = def.produces ?? 'json';
      const status = def.status ?? 200;
      const response: Record<number, z.ZodType> = {};
      if (produces === 'json' && def.response) response[status] = def.response;
      if (produces === 'none') response[status] = z.null();
      app.route({
        method: def.method,
        url: def.path,
        config: def.rateLimit ? { rateLimit: deps.rateLimits[def.rateLimit] } : {},
        schema: {
          tags: [...def.tags],
          summary: def.summary,
          ...(def.access === 'public' ? {} : { security: [{ token: [] }] }),
          ...(def.access === 'manager' || def.access === 'admin'
            ? {
                description: `Requires the ${def.access} role${def.access === 'manager' ? ' (or admin)' : ''}.`,
              }
            : {}),
          ...(def.params ? { params: def.params } : {}),
          ...(def.query ? { querystring: def.query } : {}),
          ...(def.body && def.bodyKind !== 'multipart' ? { body: def.body } : {}),
          ...(def.bodyKind === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
          ...(produces === 'stream' && def.contentType ? { produces: [def.contentType] } : {}),
          ...(Object.keys(response).length > 0 ? { response } : {}),
        },
        handler: async (req, reply) => {
          let caller: Caller | undefined;
          if (def.access !== 'public') {
            caller = await deps.authenticate(req);
            if (!canAccess(caller.role, def.access)) {
              throw new AppError('FORBIDDEN', 'Your role does not allow this action.');
            }
          }
          reply.code(status);
          // The schemas above were checked by Fastify's zod validator before this point, so the
          // request parts have the contract's output types.
          const result = await handler({
            params: req.params as RouteParams<typeof def>,
            query: req.query as RouteQuery<typeof def>,
            body: req.body as RouteBody<typeof def>,
            caller: caller as RouteContext<typeof def>['caller'],
            req,
            reply,
            lang: languageOf(req.headers['accept-language']),
          });
          // A handler that sent the reply itself (a stream) returns `reply`, a thenable that settles
          // (to undefined) when the response ends or the client goes away: then nothing more is sent.
          // `reply.sent` stays false for a response the client cut short, so its headers tell.
          if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
          if (produces === 'none') return reply.send(null);
          return reply.send(result);
        },
      });
    },
  };
}
