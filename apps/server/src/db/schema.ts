/**
 * Owns the relational schema (Drizzle). Every tenant-owned row carries organization_id.
 * Migrations in ../../drizzle are generated from this file with `npm run db:generate`. The tables
 * live in schema/, one file per owning module; this file is the one entry importers and
 * drizzle-kit (drizzle.config.ts) read.
 */
export * from './schema/users.js';
export * from './schema/outbox.js';
export * from './schema/locations.js';
export * from './schema/recordings.js';
export * from './schema/analysis.js';
export * from './schema/crm.js';
export * from './schema/audit.js';
export * from './schema/chat.js';
export * from './schema/notifications.js';
export * from './schema/trackers.js';
