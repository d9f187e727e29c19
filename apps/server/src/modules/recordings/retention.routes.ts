/** Owns the retention routes: the dry-run count and "apply now" (admins, by the contracts' access). */
import { organizationApi } from '@call-insights/contracts/organization.routes';
import { AppError } from '../../errors.js';
import type { Router } from '../../http/route.js';
import type { Enqueue } from '../../jobs/queue.js';
import { retentionSweepJob } from './recordings.jobs.js';
import type { Retention } from './retention.js';

export function retentionRoutes(
  router: Router,
  deps: {
    retention: Retention;
    enqueue: Enqueue;
    retentionDays: (organizationId: number) => Promise<number | null>;
  },
): void {
  router.route(organizationApi.retentionPreview, async ({ caller, query }) =>
    deps.retention.preview(caller.organizationId, query.days),
  );
  router.route(organizationApi.runRetention, async ({ caller }) => {
    if ((await deps.retentionDays(caller.organizationId)) === null) {
      throw new AppError('CONFLICT', 'Set a retention period first.');
    }
    await deps.enqueue(retentionSweepJob, { organizationId: caller.organizationId });
    return { queued: true as const };
  });
}
