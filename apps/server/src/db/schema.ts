/**
 * Owns the relational schema (Drizzle). Every tenant-owned row carries organization_id.
 * Migrations in ../../drizzle are generated from this file with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import type { StoredMessage } from '../errors.js';
import {
  bigint,
  boolean,
  check,
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
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Redaction on request (cards, SSNs and SINs are always redacted). */
  redactEmails: boolean('redact_emails').notNull().default(false),
  redactPhones: boolean('redact_phones').notNull().default(false),
  /** Recordings older than this many days are deleted nightly; null keeps them. */
  retentionDays: integer('retention_days'),
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

/**
 * Failed sign-ins per account (the e-mail, lower-cased; unknown addresses too, so the throttle says
 * nothing about which exist). Owned by users. A row is deleted by a successful sign-in.
 */
export const loginThrottle = pgTable('login_throttle', {
  emailKey: text('email_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /** Location: own refresh token; Company: tokens minted from the company connection. (crm, 0005) */
    installType: text('install_type', { enum: ['Location', 'Company'] })
      .notNull()
      .default('Location'),
    connectionId: integer('connection_id').references(() => crmConnections.id, { onDelete: 'set null' }),
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('locations_org_crm_key').on(t.organizationId, t.crmLocationId),
    index('locations_org_idx').on(t.organizationId),
    index('locations_crm_location_idx').on(t.crmLocationId),
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

const jsonArrayLength = (key: string) =>
  sql.raw(
    `CASE WHEN jsonb_typeof("data" -> '${key}') = 'array' THEN jsonb_array_length("data" -> '${key}') ELSE 0 END`,
  );

/** The analysis of a recording (issue: call analysis); one row per recording, re-runnable. */
export const analyses = pgTable(
  'analyses',
  {
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
    // Counts of the analysis's lists, generated by the database so the manager dashboard sums
    // integers from an index instead of reading every analysis document (migration 0006).
    questionCount: integer('question_count').generatedAlwaysAs(jsonArrayLength('questions')),
    objectionCount: integer('objection_count').generatedAlwaysAs(jsonArrayLength('objections')),
    painPointCount: integer('pain_point_count').generatedAlwaysAs(jsonArrayLength('pain_points')),
    pricingCount: integer('pricing_count').generatedAlwaysAs(jsonArrayLength('pricing_discussed')),
  },
  (t) => [index('analyses_org_stats_idx').on(t.organizationId, t.recordingId)],
);

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
    /** After this the link opens nothing (null: never expires). Migration 0014. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('share_links_token_hash_key').on(t.tokenHash),
    index('share_links_recording_idx').on(t.recordingId),
  ],
);

// ---- locations and crm modules (HighLevel integration, migration 0005) ---------------------------

/** Company (agency) installs: the company token, from which location tokens are minted. Owned by locations. */
export const crmConnections = pgTable(
  'crm_connections',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull(),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    installedBy: integer('installed_by').references(() => users.id, { onDelete: 'set null' }),
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('crm_connections_org_company_key').on(t.organizationId, t.companyId)],
);

/** Used OAuth states (the nonce of each signed state): a state works once. Owned by crm. */
export const crmOauthStates = pgTable('crm_oauth_states', {
  nonce: text('nonce').primaryKey(),
  userId: integer('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

export const SYNC_STATES = ['Halt', 'AccessToken', 'CallInfo', 'Success', 'Timeout', 'Error'] as const;

/** One sync of a location's calls over a window (manual) or one webhook-driven import (live). Owned by crm. */
export const crmSyncRuns = pgTable(
  'crm_sync_runs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['manual', 'live'] })
      .notNull()
      .default('manual'),
    state: text('state', { enum: SYNC_STATES }).notNull().default('Halt'),
    errorKind: text('error_kind'),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    /** The export cursor after the last fully processed page: a resumed job continues from here. */
    cursor: text('cursor'),
    found: integer('found').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    noRecording: integer('no_recording').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    ...timestamps,
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('crm_sync_runs_org_idx').on(t.organizationId, t.id),
    uniqueIndex('crm_sync_runs_one_active_key')
      .on(t.locationId)
      .where(sql`${t.kind} = 'manual' AND ${t.finishedAt} IS NULL`),
  ],
);

/** Organization CRM settings. Owned by crm. */
export const crmSettings = pgTable('crm_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  writeBack: boolean('write_back').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook ids already accepted: a repeated delivery is refused. Owned by crm. */
export const crmWebhookEvents = pgTable('crm_webhook_events', {
  webhookId: text('webhook_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Notes written back to HighLevel contacts, one per recording. Owned by crm. */
export const crmWriteBacks = pgTable('crm_write_backs', {
  recordingId: integer('recording_id')
    .primaryKey()
    .references(() => recordings.id, { onDelete: 'cascade' }),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  noteId: text('note_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── audit module ─────────────────────────────────────────────────────────────────────────────
/** Sensitive actions: who, when, from where. Kept when the actor's account goes (actor set null). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_org_id_idx').on(t.organizationId, t.id.desc())],
);

// ── chat module: the assistant's conversations (one per user and client session id) and messages ──

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's random UUID; unique per user, so one user's id never reaches another's chat. */
    sessionId: uuid('session_id').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chat_conversations_user_session_key').on(t.userId, t.sessionId),
    index('chat_conversations_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst()),
  ],
);

export const CHAT_ROLES = ['user', 'assistant'] as const;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: CHAT_ROLES }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    check('chat_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);

// ---- users module (members): invitations (migration 0006) ----

/** An invitation to join an organization: single use, seven days, looked up by the token's SHA-256. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'manager', 'user'] }).notNull(),
    locationIds: jsonb('location_ids').$type<number[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_org_pending_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

// ---- notifications module (migration 0006) ----

/** The bell: one row per event and recipient. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull().default({}),
    linkType: text('link_type'),
    linkId: integer('link_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

// ---- trackers module (modules/trackers): trackers, their mentions in calls, re-apply runs ----

/** An organization's tracker: a name and phrases in English and French. Deleted ones stay as tombstones. */
export const trackers = pgTable(
  'trackers',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phrasesEn: jsonb('phrases_en').$type<string[]>().notNull().default([]),
    phrasesFr: jsonb('phrases_fr').$type<string[]>().notNull().default([]),
    /** Set on the shipped defaults, so creating them again never duplicates or revives one. */
    defaultKey: text('default_key'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('trackers_org_name_key')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
    uniqueIndex('trackers_org_default_key').on(t.organizationId, t.defaultKey),
  ],
);

/** One mention of a tracker's phrase in a call: where (segment, time, speaker) and what was said. */
export const trackerHits = pgTable(
  'tracker_hits',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    trackerId: integer('tracker_id')
      .notNull()
      .references(() => trackers.id, { onDelete: 'cascade' }),
    segmentIndex: integer('segment_index').notNull(),
    charStart: integer('char_start').notNull(),
    speaker: text('speaker').notNull(),
    startSec: real('start_sec').notNull(),
    endSec: real('end_sec').notNull(),
    phrase: text('phrase').notNull(),
    said: text('said').notNull(),
    sentence: text('sentence').notNull(),
  },
  (t) => [
    uniqueIndex('tracker_hits_mention_key').on(t.recordingId, t.trackerId, t.segmentIndex, t.charStart),
    index('tracker_hits_tracker_recording_idx').on(t.trackerId, t.recordingId),
  ],
);

export const REAPPLY_RUN_STATUSES = ['running', 'done', 'superseded'] as const;

/** Re-applying the trackers to an organization's calls: a cursor over recording ids, moved per batch. */
export const trackerReapplyRuns = pgTable(
  'tracker_reapply_runs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REAPPLY_RUN_STATUSES }).notNull().default('running'),
    lastRecordingId: integer('last_recording_id').notNull().default(0),
    maxRecordingId: integer('max_recording_id').notNull(),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('tracker_reapply_runs_org_status_idx').on(t.organizationId, t.status)],
);
