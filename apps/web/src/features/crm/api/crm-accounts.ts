import type { SetActiveRequest } from '@call-insights/contracts/locations';
import { crmApi } from '@call-insights/contracts/crm.routes';
import { locationsApi } from '@call-insights/contracts/locations.routes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const crmAccountKeys = {
  all: ['locations', 'profile'] as const,
  provider: ['crm', 'provider'] as const,
};

/** GET /locations/profile → the organization's CRM accounts (de-duplicated by name on the server). */
export function crmAccountsQueryOptions() {
  return queryOptions({
    queryKey: crmAccountKeys.all,
    queryFn: ({ signal }) => callApi(locationsApi.profile, {}, { signal }),
  });
}

/** GET /crm/provider → "HighLevel", or "Sandbox CRM" on the embedded defaults. */
export function crmProviderQueryOptions() {
  return queryOptions({
    queryKey: crmAccountKeys.provider,
    queryFn: ({ signal }) => callApi(crmApi.provider, {}, { signal }),
    staleTime: Infinity,
  });
}

/** PUT /locations/active {id, status} → msg 'success'; then the list is read again (spec 1, section 4). */
export function useSetActiveSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetActiveRequest) => callApi(locationsApi.setActive, { body: input }),
    onSuccess: async (answer) => {
      if (answer.msg === 'success') await queryClient.invalidateQueries({ queryKey: crmAccountKeys.all });
    },
  });
}
