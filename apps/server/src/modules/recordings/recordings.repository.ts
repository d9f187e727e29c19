/** Owns the SQL of recordings: tenant-scoped reads, search, keyset export batches, pipeline state. */
import { and, asc, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyses, locations, recordings, users, type RecordingStatus } from '../../db/schema.js';

export type RecordingRow = typeof recordings.$inferSelect;
export type NewRecording = typeof recordings.$inferInsert;

/** `2026-11-22 06:33:59` in UTC: the list's date text, searchable as typed. */
export function formatDateTime(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** Words of a search box as a prefix tsquery: "pric mon" → 'pric':* & 'mon':*. */
export function toPrefixTsQuery(q: string): string | undefined {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words
    .slice(0, 12)
    .map((w) => `'${w}':*`)
    .join(' & ');
}

/** Date and time fragments ("2026-03", "14:05") search the date text only: their digits would also
 * match unrelated words of the transcript vector. */
const DATE_LIKE = /^[\d\s:/.-]+$/;

function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (DATE_LIKE.test(q)) return sql`${recordings.createdText} ilike ${like}`;
  const tsq = toPrefixTsQuery(q);
  return or(
    tsq ? sql`${recordings.search} @@ to_tsquery('simple', ${tsq})` : undefined,
    sql`${recordings.originalName} ilike ${like}`,
    sql`${recordings.createdText} ilike ${like}`,
  );
}

/** Counting every row of a big list or broad search costs a scan of all of them (measured: 250 ms at
 * 100k rows); past this, "10,000+" is enough for a list paged by ten. */
export const COUNT_CAP = 10_000;
const NARROW_SEARCH_ROWS = 2_000;

const listColumns = {
  id: recordings.id,
  createdAt: recordings.createdAt,
  dateAdded: recordings.dateAdded,
  originalName: recordings.originalName,
  crmMessageId: recordings.crmMessageId,
  crmContactId: recordings.crmContactId,
  crmFirstName: recordings.crmFirstName,
  crmLastName: recordings.crmLastName,
  crmContactName: recordings.crmContactName,
  crmEmail: recordings.crmEmail,
  phoneNumber: recordings.phoneNumber,
  numSpeakers: recordings.numSpeakers,
  durationSec: recordings.durationSec,
  locationId: recordings.locationId,
  locationName: locations.name,
  source: recordings.source,
  status: recordings.status,
  progress: recordings.progress,
  error: recordings.error,
};
export type RecordingListRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['notNull'] extends true
    ? (typeof listColumns)[K]['_']['data']
    : (typeof listColumns)[K]['_']['data'] | null;
};

export type ExportRow = {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  transcriptText: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  originalName: string;
  sourceUrl: string | null;
  crmFirstName: string | null;
  crmLastName: string | null;
  locationName: string | null;
  crmLocationId: string | null;
  phoneNumber: string | null;
  crmEmail: string | null;
  crmContactId: string | null;
  source: string;
  leadScore: number | null;
  summary: string | null;
};

export function createRecordingsRepository(db: Db) {
  return {
    async insert(row: NewRecording): Promise<RecordingRow> {
      const createdAt = row.createdAt ?? new Date();
      const [created] = await db
        .insert(recordings)
        .values({ ...row, createdAt, createdText: formatDateTime(createdAt) })
        .returning();
      if (!created) throw new Error('recording insert returned nothing');
      return created;
    },

    async findForOrg(organizationId: number, id: number): Promise<RecordingRow | undefined> {
      const [row] = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.id, id), eq(recordings.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<RecordingRow | undefined> {
      const [row] = await db.select().from(recordings).where(eq(recordings.id, id)).limit(1);
      return row;
    },

    async list(
      organizationId: number,
      opts: { q?: string; page: number; pageSize: number; ascending: boolean },
    ): Promise<{ rows: RecordingListRow[]; total: number; capped: boolean }> {
      const where = and(eq(recordings.organizationId, organizationId), searchFilter(opts.q));
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(
        db
          .select({ one: sql`1` })
          .from(recordings)
          .where(where)
          .limit(COUNT_CAP + 1)
          .as('capped'),
      );
      const n = count?.n ?? 0;
      // Few matches: fetch them through the search indexes and sort them. Many matches (or no search):
      // walk the date index and stop after one page. Planner estimates for text search are too rough
      // to pick this itself (measured: a rare word took 1.4 s walking the date index at 100k rows).
      const narrow = opts.q !== undefined && n <= NARROW_SEARCH_ROWS;
      const createdAt = narrow ? sql`${recordings.createdAt} + interval '0 seconds'` : recordings.createdAt;
      const order = opts.ascending
        ? [asc(createdAt), asc(recordings.id)]
        : [desc(createdAt), desc(recordings.id)];
      const rows = await db
        .select(listColumns)
        .from(recordings)
        .leftJoin(locations, eq(locations.id, recordings.locationId))
        .where(where)
        .orderBy(...order)
        .limit(opts.pageSize)
        .offset((opts.page - 1) * opts.pageSize);
      return {
        rows: rows as RecordingListRow[],
        total: Math.min(n, COUNT_CAP),
        capped: n > COUNT_CAP,
      };
    },

    /** One keyset page of the export, newest first; pass the last row to get the next page. */
    async exportBatch(
      organizationId: number,
      opts: { q?: string; after?: { createdAt: Date; id: number }; limit: number },
    ): Promise<ExportRow[]> {
      const after = opts.after;
      return db
        .select({
          id: recordings.id,
          createdAt: recordings.createdAt,
          updatedAt: recordings.updatedAt,
          transcriptText: recordings.transcriptText,
          userFirstName: users.firstName,
          userLastName: users.lastName,
          originalName: recordings.originalName,
          sourceUrl: recordings.sourceUrl,
          crmFirstName: recordings.crmFirstName,
          crmLastName: recordings.crmLastName,
          locationName: locations.name,
          crmLocationId: locations.crmLocationId,
          phoneNumber: recordings.phoneNumber,
          crmEmail: recordings.crmEmail,
          crmContactId: recordings.crmContactId,
          source: recordings.source,
          leadScore: analyses.leadScore,
          summary: sql<string | null>`${analyses.data} ->> 'call_summary'`,
        })
        .from(recordings)
        .leftJoin(locations, eq(locations.id, recordings.locationId))
        .leftJoin(users, eq(users.id, recordings.userId))
        .leftJoin(analyses, eq(analyses.recordingId, recordings.id))
        .where(
          and(
            eq(recordings.organizationId, organizationId),
            searchFilter(opts.q),
            // A row comparison is an index range condition; the equivalent OR of two comparisons is not
            // (measured: every batch re-scanned the rows not yet exported).
            after
              ? sql`(${recordings.createdAt}, ${recordings.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(desc(recordings.createdAt), desc(recordings.id))
        .limit(opts.limit);
    },

    async setStatus(
      id: number,
      patch: { status?: RecordingStatus; progress?: number; error?: string | null },
    ): Promise<void> {
      await db
        .update(recordings)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(recordings.id, id));
    },

    /** Raises progress only (a late, lower report never moves the bar back). */
    async raiseProgress(id: number, progress: number): Promise<void> {
      await db
        .update(recordings)
        .set({ progress })
        .where(and(eq(recordings.id, id), lt(recordings.progress, progress)));
    },

    async saveTranscript(
      id: number,
      t: { segments: unknown; text: string; durationSec: number; numSpeakers?: number },
    ): Promise<void> {
      await db
        .update(recordings)
        .set({
          segments: t.segments,
          transcriptText: t.text,
          durationSec: t.durationSec,
          ...(t.numSpeakers ? { numSpeakers: t.numSpeakers } : {}),
          updatedAt: new Date(),
        })
        .where(eq(recordings.id, id));
    },

    async saveAudio(
      id: number,
      a: { storageKey: string; contentType: string; sizeBytes: number },
    ): Promise<void> {
      await db
        .update(recordings)
        .set({ ...a, updatedAt: new Date() })
        .where(eq(recordings.id, id));
    },

    async saveAnalysis(input: {
      recordingId: number;
      organizationId: number;
      analyzer: string;
      resultClass: string | null;
      leadScore: number | null;
      data: unknown;
      metrics: unknown;
    }): Promise<void> {
      await db
        .insert(analyses)
        .values(input)
        .onConflictDoUpdate({
          target: analyses.recordingId,
          set: {
            analyzer: input.analyzer,
            resultClass: input.resultClass,
            leadScore: input.leadScore,
            data: input.data,
            metrics: input.metrics,
            updatedAt: new Date(),
          },
        });
    },

    async countForOrg(organizationId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(recordings)
        .where(eq(recordings.organizationId, organizationId));
      return row?.n ?? 0;
    },

    /** Recordings whose pipeline has not finished: the worker re-enqueues them at start. */
    async unfinished(): Promise<{ id: number; status: RecordingStatus }[]> {
      return db
        .select({ id: recordings.id, status: recordings.status })
        .from(recordings)
        .where(sql`${recordings.status} in ('queued','transcribing','analyzing')`);
    },

    async activeLocation(organizationId: number, id: number) {
      const [row] = await db
        .select({ id: locations.id, name: locations.name, active: locations.active })
        .from(locations)
        .where(and(eq(locations.id, id), eq(locations.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    async activeLocations(organizationId: number) {
      return db
        .select({ id: locations.id, name: locations.name, location_id: locations.crmLocationId })
        .from(locations)
        .where(and(eq(locations.organizationId, organizationId), eq(locations.active, true)))
        .orderBy(asc(locations.name));
    },
  };
}

export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;
