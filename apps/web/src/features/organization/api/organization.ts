import type { AuditAction } from '@call-insights/contracts/audit';
import { auditApi } from '@call-insights/contracts/audit.routes';
import type { OrganizationSettingsUpdate } from '@call-insights/contracts/organization';
import { organizationApi } from '@call-insights/contracts/organization.routes';
import {
  infiniteQueryOptions,
  queryOptions,
  skipToken,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const organizationKeys = {
  settings: ['organization', 'settings'] as const,
  preview: (days: number | null) => ['organization', 'retention-preview', days] as const,
  audit: (action: AuditAction | undefined) => ['organization', 'audit', action ?? 'all'] as const,
};

/** GET /organization/settings → redaction and retention settings. */
export function settingsQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.settings,
    queryFn: ({ signal }) => callApi(organizationApi.settings, {}, { signal }),
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: OrganizationSettingsUpdate) =>
      callApi(organizationApi.updateSettings, { body: patch }),
    onSuccess: (settings) => {
      queryClient.setQueryData(organizationKeys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: ['organization', 'audit'] });
    },
  });
}

/** GET /organization/retention-preview?days= → how many recordings a retention would delete now. */
export function retentionPreviewQueryOptions(days: number | null) {
  return queryOptions({
    queryKey: organizationKeys.preview(days),
    queryFn:
      days === null
        ? skipToken
        : ({ signal }) => callApi(organizationApi.retentionPreview, { query: { days } }, { signal }),
  });
}

export function useRunRetention() {
  return useMutation({ mutationFn: () => callApi(organizationApi.runRetention) });
}

/** GET /audit → pages of 50 events, newest first. */
export function auditQueryOptions(action: AuditAction | undefined) {
  return infiniteQueryOptions({
    queryKey: organizationKeys.audit(action),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      callApi(auditApi.list, { query: { action, before: pageParam } }, { signal }),
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}
