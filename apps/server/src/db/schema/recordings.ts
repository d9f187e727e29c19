/** The recordings module's tables: recordings, their trigger-kept counts and URL-import reservations. */
import { sql } from 'drizzle-orm';
import type { StoredMessage } from '../../errors.js';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './users.js';
import { locations } from './locations.js';

export const RECORDING_STATUSES = ['queued', 'transcribing', 'analyzing', 'done', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/**
 * Who a call was with, as one key (CRM contact id, else phone, e-mail, name): the assistant's "lead".
 * Kept word for word in the expression index `recordings_org_contact_idx` so queries can use it.
 */
export const CONTACT_KEY_SQL = `coalesce(nullif("crm_contact_id", ''), nullif("phone_number", ''), lower(nullif("crm_email", '')), lower(nullif("crm_contact_name", '')))`;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A call recording (the spec's "transcription"): source, contact, audio, pipeline state, transcript. */
export const recordings = pgTable(
  'recordings',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['uploaded_file', 'file_url', 'crm', 'sample'] }).notNull(),
    originalName: text('original_name').notNull(),
    sourceUrl: text('source_url'),
    storageKey: text('storage_key'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    numSpeakers: integer('num_speakers').notNull().default(2),
    phoneNumber: text('phone_number'),
    crmContactId: text('crm_contact_id'),
    crmMessageId: text('crm_message_id'),
    crmFirstName: text('crm_first_name'),
    crmLastName: text('crm_last_name'),
    crmContactName: text('crm_contact_name'),
    crmEmail: text('crm_email'),
    durationSec: real('duration_sec'),
    status: text('status', { enum: RECORDING_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** The failure's message and values, so it is shown in the reader's language (`storedMessageText`). */
    errorDetail: jsonb('error_detail').$type<StoredMessage>(),
    segments: jsonb('segments'),
    transcriptText: text('transcript_text'),
    coaching: text('coaching'),
    /** The call's own date (CRM call time; upload time otherwise). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was added to Call Insights. */
    dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** created_at as the list shows it (UTC, yyyy-MM-dd HH:mm:ss), kept for text search. */
    createdText: text('created_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce("original_name", '') || ' ' || coalesce("created_text", '') || ' ' || coalesce("transcript_text", ''))`,
    ),
  },
  (t) => [
    // DESC NULLS FIRST is what ORDER BY created_at DESC, id DESC means; drizzle's .desc() alone adds NULLS LAST,
    // which the planner cannot use for that ordering (measured: a full scan per page at 100k rows).
    index('recordings_org_created_idx').on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('recordings_search_idx').using('gin', t.search),
    index('recordings_name_trgm_idx').using('gin', sql`${t.originalName} gin_trgm_ops`),
    index('recordings_created_text_trgm_idx').using('gin', sql`${t.createdText} gin_trgm_ops`),
    uniqueIndex('recordings_crm_message_key').on(t.locationId, t.crmMessageId),
    // Assistant (chat module, migration 0007): a lead's calls by contact, and a rep's own calls.
    index('recordings_org_contact_idx').on(t.organizationId, sql.raw(`(${CONTACT_KEY_SQL})`), t.createdAt),
    index('recordings_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // Manager dashboard totals (migration 0006; INCLUDE columns are in the SQL only).
    index('recordings_org_stats_idx').on(t.organizationId, t.createdAt),
    // A `user` sees their own recordings only: their list walks this index.
    index('recordings_org_user_created_idx').on(
      t.organizationId,
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Recordings module (ADR 022): recordings per organization and a version that moves on every insert,
 * delete or change of a searched column. Kept by triggers (migration 0004), read by the list for its
 * unfiltered total and to know whether a cached search count is still true.
 */
export const recordingCounts = pgTable('recording_counts', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Recordings module (ADR 033): a place held by a URL import still downloading. Counted by the quota
 * with the recordings (and `bytes` once the download announced its size); a user's live ones are
 * their concurrent URL imports. Ends when the import is saved or fails; a crashed process's lapses
 * at `expires_at` and is deleted, with the audio at `storage_key`, by the organization's next import.
 */
export const recordingReservations = pgTable(
  'recording_reservations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    storageKey: text('storage_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recording_reservations_org_idx').on(t.organizationId, t.expiresAt)],
);
