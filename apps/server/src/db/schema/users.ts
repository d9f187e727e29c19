/**
 * The users module's tables: organizations, their users, password resets, the sign-in throttle,
 * agency keys and invitations.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './common.js';

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
