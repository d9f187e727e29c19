/** The trackers module's tables: trackers, their mentions in calls, re-apply runs. */
import { sql } from 'drizzle-orm';
import {
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
import { timestamps } from './common.js';
import { organizations, users } from './users.js';
import { recordings } from './recordings.js';

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
