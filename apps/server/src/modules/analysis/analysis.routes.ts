/** Owns the analysis screen's HTTP routes, coaching, re-analysis and the share links (one public route). */
import { CoachCatalogue, CoachingRequest, CoachingResponse } from '@call-insights/contracts/analysis';
import {
  AnalysisRecord,
  LinkGeneratorRequest,
  LinkGeneratorResponse,
  ShareLinkList,
  ShareQuery,
  SharedAnalysis,
} from '@call-insights/contracts/analysis-record';
import { RecordingIdQuery, RetryResponse } from '@call-insights/contracts/recordings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { AnalysisService } from './analysis.service.js';

export type AnalysisRoutesOptions = {
  service: AnalysisService;
  catalogue: CoachCatalogue;
  shareRateLimit: { max: number; timeWindow: number };
};

export const analysisRoutes: FastifyPluginAsyncZod<AnalysisRoutesOptions> = async (
  app,
  { service, catalogue, shareRateLimit },
) => {
  const tags = ['analysis'];
  const security = [{ token: [] }];

  app.get(
    '/analysis/analysis',
    {
      schema: {
        tags,
        security,
        summary: 'The call record with its analysis',
        querystring: RecordingIdQuery,
        response: { 200: AnalysisRecord },
      },
    },
    async (req) => service.getRecord(await app.requireUser(req), req.query.id),
  );

  app.get(
    '/analysis/coaches',
    { schema: { tags, security, summary: 'Coaches and methods offered', response: { 200: CoachCatalogue } } },
    async (req) => {
      await app.requireUser(req);
      return catalogue;
    },
  );

  app.post(
    '/analysis/coaching',
    {
      schema: {
        tags,
        security,
        summary: 'Coaching feedback (saved on the recording)',
        body: CoachingRequest,
        response: { 200: CoachingResponse },
      },
    },
    async (req) => {
      const id = Number(req.body.id);
      if (!Number.isInteger(id) || id <= 0) {
        throw new AppError('VALIDATION_FAILED', 'Please check id: not a recording id.', [
          { path: 'id', message: 'Not a recording id' },
        ]);
      }
      return service.coaching(await app.requireUser(req), {
        id,
        coach_name: req.body.coach_name,
        method: req.body.method,
      });
    },
  );

  app.post(
    '/recordings/:id/reanalyze',
    {
      schema: {
        tags,
        security,
        summary: 'Run the analysis again',
        params: RecordingIdQuery,
        response: { 200: RetryResponse },
      },
    },
    async (req) => service.reanalyze(await app.requireUser(req), req.params.id),
  );

  app.post(
    '/analysis/link-generator',
    {
      schema: {
        tags,
        security,
        summary: 'Create (or return) the public share link',
        body: LinkGeneratorRequest,
        response: { 200: LinkGeneratorResponse },
      },
    },
    async (req) => service.createLink(await app.requireUser(req), req.body.id),
  );

  app.get(
    '/recordings/:id/share-links',
    {
      schema: {
        tags,
        security,
        summary: 'Active share links of a recording',
        params: RecordingIdQuery,
        response: { 200: ShareLinkList },
      },
    },
    async (req) => service.listLinks(await app.requireUser(req), req.params.id),
  );

  app.delete(
    '/analysis/shareable',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke a share link',
        querystring: ShareQuery,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.revokeLink(await app.requireUser(req), req.query.link);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/analysis/shareable',
    {
      config: { rateLimit: shareRateLimit },
      schema: {
        tags: ['share'],
        summary: 'Open a shared analysis (public)',
        querystring: z.object({ link: z.string().max(200) }),
        response: { 200: SharedAnalysis },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return service.openShared(req.query.link);
    },
  );
};
