/**
 * Owns the relational schema (Drizzle). Every tenant-owned row carries organization_id.
 * Migrations in ../../drizzle are generated from this file with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
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

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'manager', 'user'] })
      .notNull()
      .default('user'),
    userType: text('user_type', { enum: ['Location', 'Company'] })
      .notNull()
      .default('Location'),
    /** Bumped on password change or reset: tokens issued before stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_organization_idx').on(t.organizationId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself exists only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

export const agencyKeys = pgTable(
  'agency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id').notNull(),
    typeId: integer('type_id').notNull(),
    /** AES-256-GCM ciphertext (see lib/crypto.ts); never returned by the API. */
    keyEncrypted: text('key_encrypted').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('agency_keys_user_key').on(t.userId)],
);

/** Mail that could not go out by SMTP (none configured): kept so a local user can follow the link. */
export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  meta: jsonb('meta'),
  sent: boolean('sent').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** CRM accounts (HighLevel locations). Tokens are sealed with AES-256-GCM and never leave the server. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    crmLocationId: text('crm_location_id').notNull(),
    companyId: text('company_id'),
    name: text('name').notNull(),
    details: jsonb('details'),
    active: boolean('active').notNull().default(true),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('locations_org_crm_key').on(t.organizationId, t.crmLocationId),
    index('locations_org_idx').on(t.organizationId),
  ],
);

export const usersLocations = pgTable(
  'users_locations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('user'),
  },
  (t) => [uniqueIndex('users_locations_key').on(t.userId, t.locationId)],
);

export const RECORDING_STATUSES = ['queued', 'transcribing', 'analyzing', 'done', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

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
    sizeBytes: integer('size_bytes'),
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
  ],
);

/** The analysis of a recording (issue: call analysis); one row per recording, re-runnable. */
export const analyses = pgTable('analyses', {
  recordingId: integer('recording_id')
    .primaryKey()
    .references(() => recordings.id, { onDelete: 'cascade' }),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  analyzer: text('analyzer').notNull(),
  resultClass: text('result_class'),
  leadScore: integer('lead_score'),
  data: jsonb('data').notNull(),
  metrics: jsonb('metrics'),
  ...timestamps,
});

/** Public share links of an analysis: random 128-bit tokens, looked up by hash, revocable. */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: the lookup key of the public route. */
    tokenHash: text('token_hash').notNull(),
    /** The token sealed with AES-256-GCM, so the owner can copy an existing link again. */
    tokenSealed: text('token_sealed').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_key').on(t.tokenHash),
    index('share_links_recording_idx').on(t.recordingId),
  ],
);
