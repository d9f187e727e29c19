/** The crm module's tables (HighLevel integration, migration 0005): OAuth states, sync runs, settings, webhooks, write-backs. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './common.js';
import { organizations, users } from './users.js';
import { locations } from './locations.js';
import { recordings } from './recordings.js';

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
