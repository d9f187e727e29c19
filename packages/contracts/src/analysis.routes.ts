import { z } from 'zod';
import { defineRoute } from './http.js';
import { CoachCatalogue, CoachingRequest, CoachingResponse } from './analysis.js';
import {
  AnalysisRecord,
  LinkGeneratorRequest,
  LinkGeneratorResponse,
  ShareLinkList,
  ShareQuery,
  SharedAnalysis,
} from './analysis-record.js';
import { RecordingIdQuery, RetryResponse } from './recordings.js';

/** The call analysis screen, coaching, re-analysis and share links (one public route). */
const tags = ['analysis'] as const;

export const analysisApi = {
  record: defineRoute({
    method: 'GET',
    path: '/analysis/analysis',
    access: 'member',
    summary: 'The call record with its analysis',
    tags,
    query: RecordingIdQuery,
    response: AnalysisRecord,
    errors: ['NOT_FOUND'],
  }),
  coaches: defineRoute({
    method: 'GET',
    path: '/analysis/coaches',
    access: 'member',
    summary: 'Coaches and methods offered',
    tags,
    response: CoachCatalogue,
  }),
  coaching: defineRoute({
    method: 'POST',
    path: '/analysis/coaching',
    access: 'member',
    summary: 'Coaching feedback (saved on the recording)',
    tags,
    body: CoachingRequest,
    response: CoachingResponse,
    errors: ['NOT_FOUND', 'CONFLICT', 'UNAVAILABLE'],
  }),
  reanalyze: defineRoute({
    method: 'POST',
    path: '/recordings/:id/reanalyze',
    access: 'member',
    summary: 'Run the analysis again',
    tags,
    params: RecordingIdQuery,
    response: RetryResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  createShareLink: defineRoute({
    method: 'POST',
    path: '/analysis/link-generator',
    access: 'member',
    summary: 'Create (or return) the public share link',
    tags,
    body: LinkGeneratorRequest,
    response: LinkGeneratorResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  shareLinks: defineRoute({
    method: 'GET',
    path: '/recordings/:id/share-links',
    access: 'member',
    summary: 'Active share links of a recording',
    tags,
    params: RecordingIdQuery,
    response: ShareLinkList,
    errors: ['NOT_FOUND'],
  }),
  revokeShareLink: defineRoute({
    method: 'DELETE',
    path: '/analysis/shareable',
    access: 'member',
    summary: 'Revoke a share link',
    tags,
    query: ShareQuery,
    status: 204,
    produces: 'none',
    errors: ['NOT_FOUND'],
  }),
  openShared: defineRoute({
    method: 'GET',
    path: '/analysis/shareable',
    access: 'public',
    rateLimit: 'share',
    summary: 'Open a shared analysis (public)',
    tags: ['share'],
    query: z.object({ link: z.string().max(200) }),
    response: SharedAnalysis,
    errors: ['NOT_FOUND'],
  }),
} as const;
