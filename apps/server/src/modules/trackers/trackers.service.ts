/**
 * Owns trackers (the spec's "Phrases"): an organization's named phrase lists in English and
 * French, the shipped defaults (created on first use, never twice), the mentions found in each
 * analysed call (`applyToCall`, called by the analysis step), a call's mentions, and re-applying
 * the current trackers to older calls as a durable, resumable job.
 */
import type {
  ReapplyRun,
  RecordingTrackerHits,
  Tracker,
  TrackerInput,
} from '@call-insights/contracts/trackers';
import { TRACKERS_PER_ORGANIZATION_MAX } from '@call-insights/contracts/trackers';
import type { Segment } from '@call-insights/contracts/transcript';
import type { Logger } from 'pino';
import { AppError } from '../../errors.js';
import { handleJob, type Enqueue } from '../../jobs/queue.js';
import { recordingOwnerScope } from '../../lib/ownership.js';
import type { AuthUser } from '../../plugins/auth.js';
import { DEFAULT_TRACKERS, defaultNameOf } from './default-trackers.js';
import { compileTrackers, phraseWords } from './matching.js';
import { reapplyTrackersJob } from './trackers.jobs.js';
import type { ReapplyRunRow, TrackerRow, TrackersRepository } from './trackers.repository.js';

export type TrackersServiceDeps = {
  repo: TrackersRepository;
  enqueue: Enqueue;
  /** Calls per re-apply transaction. */
  reapplyBatchSize: number;
  log: Logger;
};

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

function toTracker(row: TrackerRow): Tracker {
  return {
    id: row.id,
    name: row.name,
    defaultName: defaultNameOf(row),
    phrases: { en: row.phrasesEn, fr: row.phrasesFr },
    builtIn: row.defaultKey !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toRun(row: ReapplyRunRow): ReapplyRun {
  return {
    id: row.id,
    status: row.status,
    processed: row.processed,
    total: row.total,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const matchable = (rows: TrackerRow[]) =>
  compileTrackers(rows.map((t) => ({ id: t.id, phrases: [...t.phrasesEn, ...t.phrasesFr] })));

/** Trims, drops repeats (same words after normalisation) and refuses a phrase with no word. */
function cleanPhrases(input: TrackerInput): { phrasesEn: string[]; phrasesFr: string[] } {
  const fields: { path: string; message: string }[] = [];
  const clean = (list: string[], lang: 'en' | 'fr') => {
    const seen = new Set<string>();
    const out: string[] = [];
    list.forEach((raw, i) => {
      const phrase = raw.trim().replace(/\s+/gu, ' ');
      const words = phraseWords(phrase);
      if (!words) {
        fields.push({ path: `phrases.${lang}.${i}`, message: 'A phrase needs at least one word or number.' });
        return;
      }
      if (seen.has(words)) return;
      seen.add(words);
      out.push(phrase);
    });
    return out;
  };
  const phrasesEn = clean(input.phrases.en, 'en');
  const phrasesFr = clean(input.phrases.fr, 'fr');
  if (fields.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'A phrase needs at least one word or number.', { fields });
  }
  return { phrasesEn, phrasesFr };
}

export function createTrackersService(deps: TrackersServiceDeps) {
  const { repo, log } = deps;
  // Organizations whose defaults exist (or were deleted) already: no insert attempt per call.
  const seeded = new Set<number>();

  async function ensureDefaults(organizationId: number): Promise<void> {
    if (seeded.has(organizationId)) return;
    await repo.insertDefaults(
      organizationId,
      DEFAULT_TRACKERS.map((t) => ({
        defaultKey: t.key,
        name: t.name,
        phrasesEn: t.en.map((p) => p.phrase),
        phrasesFr: t.fr.map((p) => p.phrase),
      })),
    );
    seeded.add(organizationId);
  }

  async function owned(caller: AuthUser, id: number): Promise<TrackerRow> {
    const row = await repo.find(caller.organizationId, id);
    if (!row) throw new AppError('NOT_FOUND', 'This tracker was not found.');
    return row;
  }

  async function save(
    write: () => Promise<TrackerRow | undefined>,
    name: string,
  ): Promise<TrackerRow | undefined> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('CONFLICT', 'A tracker named "{name}" already exists.', {
          params: { name },
          fields: [{ path: 'name', message: 'A tracker with this name already exists.' }],
        });
      }
      throw err;
    }
  }

  async function runReapply(runId: number): Promise<void> {
    for (;;) {
      const run = await repo.runBatch(runId, deps.reapplyBatchSize, (current, segments) =>
        matchable(current).match(segments),
      );
      if (!run || run.status !== 'running') {
        if (run?.status === 'done') log.info({ runId, calls: run.processed }, 'trackers re-applied');
        return;
      }
    }
  }

  return {
    async list(caller: AuthUser): Promise<{ trackers: Tracker[] }> {
      await ensureDefaults(caller.organizationId);
      return { trackers: (await repo.activeTrackers(caller.organizationId)).map(toTracker) };
    },

    async create(caller: AuthUser, input: TrackerInput): Promise<Tracker> {
      await ensureDefaults(caller.organizationId);
      const phrases = cleanPhrases(input);
      if ((await repo.countActive(caller.organizationId)) >= TRACKERS_PER_ORGANIZATION_MAX) {
        throw new AppError(
          'CONFLICT',
          'An organization can have at most {max} trackers. Delete one to add another.',
          {
            params: { max: TRACKERS_PER_ORGANIZATION_MAX },
          },
        );
      }
      const row = await save(
        () => repo.insert(caller.organizationId, { name: input.name, ...phrases }),
        input.name,
      );
      return toTracker(row!);
    },

    async update(caller: AuthUser, id: number, input: TrackerInput): Promise<Tracker> {
      await owned(caller, id);
      const phrases = cleanPhrases(input);
      const row = await save(
        () => repo.update(caller.organizationId, id, { name: input.name, ...phrases }),
        input.name,
      );
      if (!row) throw new AppError('NOT_FOUND', 'This tracker was not found.');
      return toTracker(row);
    },

    async remove(caller: AuthUser, id: number): Promise<void> {
      if (!(await repo.softDelete(caller.organizationId, id))) {
        throw new AppError('NOT_FOUND', 'This tracker was not found.');
      }
    },

    /** True when the tracker is one of the organization's (the recordings list's filter). */
    async belongsTo(organizationId: number, id: number): Promise<boolean> {
      return (await repo.find(organizationId, id)) !== undefined;
    },

    /** The analysis step: finds the current trackers' mentions in a call and replaces its hits. */
    async applyToCall(input: { organizationId: number; recordingId: number; segments: readonly Segment[] }) {
      await ensureDefaults(input.organizationId);
      const hits = matchable(await repo.activeTrackers(input.organizationId)).match(input.segments);
      await repo.replaceHits(input.organizationId, input.recordingId, hits);
      return { hits: hits.length };
    },

    async recordingHits(caller: AuthUser, recordingId: number): Promise<RecordingTrackerHits> {
      // A `user` sees their own recordings only, as everywhere else.
      if (!(await repo.recordingExists(caller.organizationId, recordingId, recordingOwnerScope(caller)))) {
        throw new AppError('NOT_FOUND', 'This recording was not found.');
      }
      await ensureDefaults(caller.organizationId);
      const [current, hits] = await Promise.all([
        repo.activeTrackers(caller.organizationId),
        repo.hitsOfRecording(caller.organizationId, recordingId),
      ]);
      return {
        trackers: current.map((t) => ({
          id: t.id,
          name: t.name,
          defaultName: defaultNameOf(t),
          hits: hits
            .filter((h) => h.trackerId === t.id)
            .map(({ speaker, start, end, phrase, said, sentence }) => ({
              speaker,
              start,
              end,
              phrase,
              said,
              sentence,
            })),
        })),
      };
    },

    async startReapply(caller: AuthUser): Promise<ReapplyRun> {
      const run = await repo.createRun(caller.organizationId, caller.id);
      if (run.status === 'running') await deps.enqueue(reapplyTrackersJob, { runId: run.id });
      log.info({ runId: run.id, calls: run.total }, 'trackers re-apply queued');
      return toRun(run);
    },

    async reapplyStatus(caller: AuthUser, id: number): Promise<ReapplyRun> {
      const run = await repo.findRun(caller.organizationId, id);
      if (!run) throw new AppError('NOT_FOUND', 'This re-apply run was not found.');
      return toRun(run);
    },

    /**
     * Queues again every run left unfinished (a worker that died mid-run). Safe with a live worker
     * on the same run: batches lock the run's row and pick up from its cursor.
     */
    async resumeUnfinished(): Promise<number> {
      const ids = await repo.runningRunIds();
      for (const runId of ids) await deps.enqueue(reapplyTrackersJob, { runId });
      if (ids.length > 0) log.info({ count: ids.length }, 'resumed tracker re-apply runs');
      return ids.length;
    },

    /** The worker's handler of `reapplyTrackersJob`. */
    reapplyJob: handleJob(reapplyTrackersJob, async ({ runId }) => runReapply(runId)),
  };
}

export type TrackersService = ReturnType<typeof createTrackersService>;
