import { dashboardApi } from '@call-insights/contracts/manager.routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /dashboard/me: the signed-in user's own calls this week, recent calls and calls needing attention. */
export function hubQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'me'],
    queryFn: ({ signal }) => callApi(dashboardApi.me, {}, { signal }),
  });
}
