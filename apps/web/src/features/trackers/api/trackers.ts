import type { ReapplyRun, Tracker, TrackerInput, TrackerList } from '@call-insights/contracts/trackers';
import { trackersApi } from '@call-insights/contracts/trackers.routes';
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const trackerKeys = {
  /** Shared with the recordings page's tracker filter, which reads the same list. */
  list: () => ['trackers', 'list'] as const,
  run: (id: number) => ['trackers', 'reapply', id] as const,
};

/** While a re-apply runs its progress is asked every second. */
export const RUN_REFETCH_MS = 1_000;

export function trackersQueryOptions() {
  return queryOptions({
    queryKey: trackerKeys.list(),
    queryFn: ({ signal }): Promise<TrackerList> => callApi(trackersApi.list, {}, { signal }),
  });
}

export function reapplyRunQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: trackerKeys.run(id ?? 0),
    queryFn:
      id === null
        ? skipToken
        : ({ signal }): Promise<ReapplyRun> =>
            callApi(trackersApi.reapplyStatus, { params: { id } }, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUN_REFETCH_MS : false),
  });
}

/** POST /trackers or PUT /trackers/:id (with an id) → the saved tracker. */
export function useSaveTracker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TrackerInput }): Promise<Tracker> =>
      id === null
        ? callApi(trackersApi.create, { body: input })
        : callApi(trackersApi.update, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackerKeys.list() }),
  });
}

export function useDeleteTracker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(trackersApi.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackerKeys.list() }),
  });
}

export function useStartReapply() {
  return useMutation({ mutationFn: (): Promise<ReapplyRun> => callApi(trackersApi.reapply, {}) });
}
