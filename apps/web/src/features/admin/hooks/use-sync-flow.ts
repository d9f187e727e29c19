import type { SyncErrorKind } from '@call-insights/contracts/crm';
import type { LocationSummary } from '@call-insights/contracts/locations';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { adminLocationKeys, syncRunQueryOptions, useStartSync } from '../api/locations';
import { syncWindow, type DayRange } from '../utils/sync-range';

type Target = { id: number; name: string };
type Step =
  | { step: 'idle' }
  | { step: 'range'; target: Target }
  | {
      step: 'progress';
      name: string;
      runId: number | null;
      failure: SyncErrorKind | null;
      /** The server's own words when it refused the start for a reason a user can act on. */
      refusal?: string;
    };

/**
 * The sync-from-location flow (spec 2, section 4): a name is looked up exactly (case-sensitive)
 * among the locations; not found → Error LocationNotFound; found (or a row's Sync Calls) → the date
 * dialog; its Sync Calls starts the sync and the progress dialog polls the run to its end.
 */
export function useSyncFlow(locations: readonly LocationSummary[]) {
  const [flow, setFlow] = useState<Step>({ step: 'idle' });
  const queryClient = useQueryClient();
  const start = useStartSync();
  const runId = flow.step === 'progress' ? flow.runId : null;
  const run = useQuery(syncRunQueryOptions(runId));

  const chooseRange = (target: Target) => setFlow({ step: 'range', target });

  const syncByName = (name: string) => {
    const found = locations.find((location) => location.name === name);
    if (!found) {
      setFlow({ step: 'progress', name, runId: null, failure: 'LocationNotFound' });
      return;
    }
    chooseRange({ id: found.id, name: found.name });
  };

  const startSync = (range: DayRange | undefined) => {
    if (flow.step !== 'range') return;
    const { target } = flow;
    setFlow({ step: 'progress', name: target.name, runId: null, failure: null });
    start.mutate(
      { location_id: target.id, ...syncWindow(range) },
      {
        onSuccess: (answer) => {
          // The start's answer is the run's first state (already an Error when the quota is full).
          queryClient.setQueryData(adminLocationKeys.sync(answer.id), answer);
          setFlow({ step: 'progress', name: target.name, runId: answer.id, failure: null });
        },
        onError: (error) => {
          // Spec: sync failures are not explained beyond the state texts; the console keeps why.
          console.error('Error starting the sync', error);
          const failure: SyncErrorKind =
            isApiError(error) && error.status === 404 ? 'LocationNotFound' : 'Unknown';
          // A sync of this account already running (409) is said as such: waiting is the answer.
          const refusal = isApiError(error) && error.status === 409 ? error.message : undefined;
          setFlow({
            step: 'progress',
            name: target.name,
            runId: null,
            failure,
            ...(refusal ? { refusal } : {}),
          });
        },
      },
    );
  };

  const close = () => {
    start.reset();
    setFlow({ step: 'idle' });
  };

  return {
    rangeTarget: flow.step === 'range' ? flow.target : null,
    progress:
      flow.step === 'progress'
        ? {
            name: flow.name,
            failure: flow.failure,
            refusal: flow.refusal ?? null,
            run: flow.runId === null ? undefined : run.data,
            pollFailed: run.isError && run.data === undefined,
          }
        : null,
    chooseRange,
    syncByName,
    startSync,
    close,
  };
}
