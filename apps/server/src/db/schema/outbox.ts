/** The outbox module's table: mail kept when no SMTP server is configured. */
import { boolean, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
