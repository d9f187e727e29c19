/** The chat module's tables: the assistant's conversations (one per user and client session id) and messages. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './common.js';
import { organizations, users } from './users.js';

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
