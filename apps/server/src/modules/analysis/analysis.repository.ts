/** Owns the SQL of the analysis screen and share links: the joined call record, link lookups. */
import type { StoredMessage } from '../../errors.js';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { analyses, locations, recordings, shareLinks } from '../../db/schema.js';

const recordColumns = {
  id: recordings.id,
  organizationId: recordings.organizationId,
  userId: recordings.userId,
  status: recordings.status,
  error: recordings.error,
  errorDetail: recordings.errorDetail,
  originalName: recordings.originalName,
  storageKey: recordings.storageKey,
  crmContactName: recordings.crmContactName,
  crmFirstName: recordings.crmFirstName,
  crmLastName: recordings.crmLastName,
  phoneNumber: recordings.phoneNumber,
  crmEmail: recordings.crmEmail,
  locationName: locations.name,
  createdAt: recordings.createdAt,
  durationSec: recordings.durationSec,
  numSpeakers: recordings.numSpeakers,
  transcriptText: recordings.transcriptText,
  segments: recordings.segments,
  coaching: recordings.coaching,
  analysis: analyses.data,
  metrics: analyses.metrics,
};

export type CallRecordRow = {
  id: number;
  organizationId: number;
  userId: number | null;
  status: 'queued' | 'transcribing' | 'analyzing' | 'done' | 'failed';
  error: string | null;
  errorDetail: StoredMessage | null;
  originalName: string;
  storageKey: string | null;
  crmContactName: string | null;
  crmFirstName: string | null;
  crmLastName: string | null;
  phoneNumber: string | null;
  crmEmail: string | null;
  locationName: string | null;
  createdAt: Date;
  durationSec: number | null;
  numSpeakers: number;
  transcriptText: string | null;
  segments: unknown;
  coaching: string | null;
  analysis: unknown;
  metrics: unknown;
};

export function createAnalysisRepository(db: Db) {
  const selectRecord = () =>
    db
      .select(recordColumns)
      .from(recordings)
      .leftJoin(locations, eq(locations.id, recordings.locationId))
      .leftJoin(analyses, eq(analyses.recordingId, recordings.id));

  const notExpired = () => or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, sql`now()`));

  return {
    async findRecord(organizationId: number, id: number): Promise<CallRecordRow | undefined> {
      const [row] = await selectRecord()
        .where(and(eq(recordings.id, id), eq(recordings.organizationId, organizationId)))
        .limit(1);
      return row as CallRecordRow | undefined;
    },

    async findRecordByShareHash(tokenHash: string): Promise<CallRecordRow | undefined> {
      const [row] = await selectRecord()
        .innerJoin(shareLinks, eq(shareLinks.recordingId, recordings.id))
        .where(and(eq(shareLinks.tokenHash, tokenHash), isNull(shareLinks.revokedAt), notExpired()))
        .limit(1);
      return row as CallRecordRow | undefined;
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

    /** Links not revoked and not expired, newest first. */
    async activeLinks(organizationId: number, recordingId: number) {
      return db
        .select({
          id: shareLinks.id,
          tokenSealed: shareLinks.tokenSealed,
          createdAt: shareLinks.createdAt,
          expiresAt: shareLinks.expiresAt,
        })
        .from(shareLinks)
        .where(
          and(
            eq(shareLinks.organizationId, organizationId),
            eq(shareLinks.recordingId, recordingId),
            isNull(shareLinks.revokedAt),
            notExpired(),
          ),
        )
        .orderBy(desc(shareLinks.createdAt));
    },

    async insertLink(input: {
      organizationId: number;
      recordingId: number;
      tokenHash: string;
      tokenSealed: string;
      createdBy: number;
      expiresAt: Date | null;
    }): Promise<void> {
      await db.insert(shareLinks).values(input);
    },

    async setLinkExpiry(organizationId: number, id: number, expiresAt: Date | null): Promise<void> {
      await db
        .update(shareLinks)
        .set({ expiresAt })
        .where(and(eq(shareLinks.id, id), eq(shareLinks.organizationId, organizationId)));
    },

    /** Revokes one link of the organization; false when there was no such active link. */
    async revokeLink(organizationId: number, tokenHash: string, ownerId?: number): Promise<boolean> {
      const rows = await db
        .update(shareLinks)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(shareLinks.organizationId, organizationId),
            eq(shareLinks.tokenHash, tokenHash),
            isNull(shareLinks.revokedAt),
            ownerId === undefined
              ? undefined
              : inArray(
                  shareLinks.recordingId,
                  db
                    .select({ id: recordings.id })
                    .from(recordings)
                    .where(
                      and(eq(recordings.organizationId, organizationId), eq(recordings.userId, ownerId)),
                    ),
                ),
          ),
        )
        .returning({ id: shareLinks.id });
      return rows.length > 0;
    },
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
