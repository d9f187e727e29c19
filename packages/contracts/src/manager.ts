import { z } from 'zod';
import { Role, UserType } from './users.js';
import { CallResultClass } from './analysis.js';

/**
 * The manager pages (spec document 1: "Manager users", "Manager dashboard", "Manager dashboard
 * data", section 7's /manager calls) and the signed-in user's hub (/main/dashboard). Every figure
 * is computed by SQL aggregates on the server, scoped to the caller's organization (manager) or to
 * the caller's own recordings (hub). Dates are UTC days.
 */

export const MANAGER_USERS_SORTS = [
  'username',
  'email',
  'firstname',
  'lastname',
  'role',
  'recordings',
  'duration',
  'user_type',
] as const;

export const ManagerUsersQuery = z.object({
  q: z.string().trim().max(100).optional().describe('Matches username, e-mail, first or last name'),
  sort: z.enum(MANAGER_USERS_SORTS).default('username'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ManagerUsersQuery = z.infer<typeof ManagerUsersQuery>;

export const ManagerUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: Role,
  user_type: UserType,
  recordings: z.number().int().describe('Recordings (the spec’s transcriptions) the member imported'),
  userMinTime: z.number().int().describe('Whole minutes of their recordings’ total duration'),
  userSecTime: z.number().int().describe('Remaining seconds (0–59) of that total'),
});
export type ManagerUser = z.infer<typeof ManagerUser>;

export const ManagerUsersResponse = z.object({
  items: z.array(ManagerUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type ManagerUsersResponse = z.infer<typeof ManagerUsersResponse>;

export const TotalRecordingsResponse = z.object({ total: z.number().int() });
export type TotalRecordingsResponse = z.infer<typeof TotalRecordingsResponse>;

/** Total duration of the organization's recordings: `mins` whole minutes and `secs` (0–59) seconds. */
export const TotalTimesResponse = z.object({ mins: z.number().int(), secs: z.number().int() });
export type TotalTimesResponse = z.infer<typeof TotalTimesResponse>;

/** Analysed calls by result; `other` (voicemail, wrong number…) is not one of the spec's three. */
export const ResultsResponse = z.object({
  appointment: z.number().int(),
  followUp: z.number().int(),
  notInterested: z.number().int(),
  other: z.number().int(),
});
export type ResultsResponse = z.infer<typeof ResultsResponse>;

/** The range tabs: "1 Week" 6 (default), "1 Month" 29, "1 Year" 365, "All" all. */
export const SUMMARY_DURATIONS = ['6', '29', '365', 'all'] as const;
export const SummaryDuration = z.enum(SUMMARY_DURATIONS, {
  message: 'Use one of the ranges 6, 29, 365 or all.',
});
export type SummaryDuration = z.infer<typeof SummaryDuration>;
export const SummaryQuery = z.object({ duration: SummaryDuration.default('6') });

export const CountBucket = z.object({
  start: z.string().describe('First day of the bucket, YYYY-MM-DD (UTC)'),
  count: z.number().int(),
});

export const SummaryResponse = z.object({
  duration: SummaryDuration,
  from: z
    .string()
    .nullable()
    .describe('First day counted, YYYY-MM-DD (UTC): today minus `duration` days; null for all'),
  totalRecordings: z
    .number()
    .int()
    .describe('Recordings created in the range (the sum of recordingCounts’ buckets)'),
  totalTime: TotalTimesResponse.describe('Total duration of the range’s recordings'),
  results: ResultsResponse.describe('The range’s analysed calls by result'),
  totalQuestions: z.number().int().describe('Questions asked in the range’s analysed calls'),
  totalObjections: z.number().int().describe('Objections raised in the range’s analysed calls'),
  totalPainPoints: z.number().int().describe('Pain points found in the range’s analysed calls'),
  totalPricingDiscuss: z
    .number()
    .int()
    .describe('Analysed calls of the range in which pricing was discussed (calls, not mentions)'),
  totalPricingMentions: z
    .number()
    .int()
    .describe('Price mentions over the range’s analysed calls (the content chart’s pricing slice)'),
  recordingCounts: z.object({
    unit: z.enum(['day', 'month', 'year']).describe('day for 6 and 29, month for 365, year for all'),
    buckets: z.array(CountBucket).describe('Every bucket of the range, oldest first, zeros included'),
  }),
});
export type SummaryResponse = z.infer<typeof SummaryResponse>;

/** The 43:57 talk:listen anchor of winning calls (Gong Labs), as the rep's share of talk time. */
export const TALK_RATIO_ANCHOR = { rep: 0.43, customer: 0.57 } as const;

export const HubCall = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  status: z.enum(['queued', 'transcribing', 'analyzing', 'done', 'failed']),
  progress: z.number().int(),
  error: z.string().nullable(),
  durationSec: z.number().nullable(),
  resultClass: CallResultClass.nullable(),
});
export type HubCall = z.infer<typeof HubCall>;

export const AttentionReason = z.enum(['failed', 'objections_unresolved']);
export const HubAttention = HubCall.extend({
  reason: AttentionReason.describe(
    'failed: processing failed (error says why); objections_unresolved: objections were raised and the call did not end in an appointment',
  ),
  objections: z.number().int(),
});
export type HubAttention = z.infer<typeof HubAttention>;

/** GET /dashboard/me: the signed-in user's own calls ("Call Insights Hub"). */
export const HubResponse = z.object({
  from: z.string().describe('First day of "this week": today minus 6 days, YYYY-MM-DD (UTC)'),
  week: z.object({
    calls: z.number().int(),
    talkSeconds: z.number().int(),
    mins: z.number().int(),
    secs: z.number().int(),
  }),
  results: ResultsResponse.describe('This week’s analysed calls by result'),
  talkRatio: z.object({
    average: z
      .number()
      .nullable()
      .describe('Mean share of talk time of the rep over this week’s analysed calls, 0–1; null without any'),
    calls: z.number().int(),
    anchor: z.object({ rep: z.number(), customer: z.number() }),
  }),
  recent: z.array(HubCall).describe('The five newest calls, any status'),
  attention: z.array(HubAttention).describe('Up to ten calls that need attention, newest first'),
});
export type HubResponse = z.infer<typeof HubResponse>;
