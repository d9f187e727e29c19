import { defineRoute } from './http.js';
import {
  HubResponse,
  ManagerUsersQuery,
  ManagerUsersResponse,
  ResultsResponse,
  SummaryQuery,
  SummaryResponse,
  TotalRecordingsResponse,
  TotalTimesResponse,
} from './manager.js';

/** Spec document 1, section 7: the /manager calls (managers and admins), and the user's own hub. */
const tags = ['manager'] as const;

export const managerApi = {
  users: defineRoute({
    method: 'GET',
    path: '/manager/users',
    access: 'manager',
    summary: 'Members with their recordings count and total duration (sorted, searched, paged)',
    tags,
    query: ManagerUsersQuery,
    response: ManagerUsersResponse,
  }),
  totalRecordings: defineRoute({
    method: 'GET',
    path: '/manager/dashboard/total-recordings',
    access: 'manager',
    summary: "The organization's recordings count",
    tags,
    response: TotalRecordingsResponse,
  }),
  totalTimes: defineRoute({
    method: 'GET',
    path: '/manager/dashboard/total-times',
    access: 'manager',
    summary: "Total duration of the organization's recordings (minutes and seconds)",
    tags,
    response: TotalTimesResponse,
  }),
  results: defineRoute({
    method: 'GET',
    path: '/manager/dashboard/results',
    access: 'manager',
    summary: 'Analysed calls by result',
    tags,
    response: ResultsResponse,
  }),
  summary: defineRoute({
    method: 'GET',
    path: '/manager/dashboard/summary',
    access: 'manager',
    summary: 'Questions, objections, pain points, pricing and recordings per period over a range',
    tags,
    query: SummaryQuery,
    response: SummaryResponse,
    errors: ['VALIDATION_FAILED'],
  }),
} as const;

export const dashboardApi = {
  me: defineRoute({
    method: 'GET',
    path: '/dashboard/me',
    access: 'member',
    summary: "The signed-in user's hub: this week's calls, results, talk ratio, recent calls, attention",
    tags: ['dashboard'],
    response: HubResponse,
  }),
} as const;
