/**
 * Owns retention: an organization that sets a retention period has its recordings older than that
 * many days deleted by the nightly `retention-sweep` job — audio first (storage deletes are
 * idempotent), then the row, whose analysis, share links and dependent rows go by cascade. A sweep
 * killed half-way leaves only work the next run finishes: nothing is half-deleted for users.
 */
import type { Logger } from 'pino';
import type { StorageAdapter } from '../../adapters/storage/storage.js';
import { handleJob } from '../../jobs/queue.js';
import { retentionSweepJob } from './recordings.jobs.js';
import type { RecordingsRepository } from './recordings.repository.js';

const DAY_MS = 24 * 3600 * 1000;

export type RetentionDeps = {
  repo: RecordingsRepository;
  storage: StorageAdapter;
  /** Organizations with a retention period (the users module owns the setting). */
  policies: () => Promise<{ organizationId: number; days: number }[]>;
  batchSize: number;
  log: Logger;
  now?: () => number;
};

export function cutoffFor(days: number, now: number): Date {
  return new Date(now - days * DAY_MS);
}

export function createRetention(deps: RetentionDeps) {
  const now = deps.now ?? Date.now;

  async function purge(organizationId: number, days: number): Promise<number> {
    const before = cutoffFor(days, now());
    let deleted = 0;
    for (;;) {
      const batch = await deps.repo.olderThan(organizationId, before, deps.batchSize);
      if (batch.length === 0) return deleted;
      for (const row of batch) if (row.storageKey) await deps.storage.delete(row.storageKey);
      deleted += await deps.repo.deleteByIds(
        organizationId,
        batch.map((r) => r.id),
      );
    }
  }

  const job = handleJob(retentionSweepJob, async ({ organizationId }, { log }) => {
    const policies = (await deps.policies()).filter(
      (p) => organizationId === undefined || p.organizationId === organizationId,
    );
    for (const p of policies) {
      const deleted = await purge(p.organizationId, p.days);
      if (deleted > 0)
        log.info({ organizationId: p.organizationId, days: p.days, deleted }, 'retention applied');
    }
  });

  return {
    job,
    async preview(organizationId: number, days: number) {
      const { count, oldest } = await deps.repo.countOlderThan(organizationId, cutoffFor(days, now()));
      return { days, count, oldest: oldest?.toISOString() ?? null };
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
