/** The manager pages' reads and the admin's member changes, all through the route contracts. */
import type { ManagerUsersQuery, SummaryDuration } from '@call-insights/contracts/manager';
import { managerApi } from '@call-insights/contracts/manager.routes';
import type { InviteRequest } from '@call-insights/contracts/members';
import { membersApi } from '@call-insights/contracts/members.routes';
import type { Role } from '@call-insights/contracts/users';
import { locationsApi } from '@call-insights/contracts/locations.routes';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const managerKeys = {
  all: ['manager'] as const,
  totals: () => ['manager', 'totals'] as const,
  summary: (duration: SummaryDuration) => ['manager', 'summary', duration] as const,
  users: (query: ManagerUsersQuery) => ['manager', 'users', query] as const,
  invitations: () => ['manager', 'invitations'] as const,
  locations: () => ['manager', 'locations'] as const,
};

/**
 * The organization's recordings count over all time: only whether it has any (the empty state).
 * Every card's figure comes from the range's summary.
 */
export function totalsQueryOptions() {
  return queryOptions({
    queryKey: managerKeys.totals(),
    queryFn: async ({ signal }) => ({
      totalRecordings: (await callApi(managerApi.totalRecordings, {}, { signal })).total,
    }),
  });
}

/** The range's eight card figures (recordings, time, results, content counts) and recordings per period. */
export function summaryQueryOptions(duration: SummaryDuration) {
  return queryOptions({
    queryKey: managerKeys.summary(duration),
    queryFn: ({ signal }) => callApi(managerApi.summary, { query: { duration } }, { signal }),
  });
}

export function managerUsersQueryOptions(query: ManagerUsersQuery) {
  return queryOptions({
    queryKey: managerKeys.users(query),
    queryFn: ({ signal }) => callApi(managerApi.users, { query }, { signal }),
    // The table keeps its rows while the next page or sort arrives.
    placeholderData: keepPreviousData,
  });
}

export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: managerKeys.invitations(),
    queryFn: async ({ signal }) => (await callApi(membersApi.invitations, {}, { signal })).invitations,
  });
}

/** The organization's CRM accounts an invitation can grant (admin). */
export function inviteLocationsQueryOptions() {
  return queryOptions({
    queryKey: managerKeys.locations(),
    queryFn: async ({ signal }) => (await callApi(locationsApi.list, {}, { signal })).locations,
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) => callApi(membersApi.invite, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managerKeys.invitations() }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(membersApi.revokeInvitation, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: managerKeys.invitations() }),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: Role }) =>
      callApi(membersApi.updateRole, { params: { id }, body: { role } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managerKeys.all }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(membersApi.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managerKeys.all }),
  });
}
