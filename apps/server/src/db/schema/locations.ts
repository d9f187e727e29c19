/**
 * The locations module's tables: CRM accounts (HighLevel locations), their users, and the company
 * connections of Company installs (migration 0005).
 */
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
import { organizations, users } from './users.js';

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
