/** Owns the SQL of the assistant's conversations and messages (chat_conversations, chat_messages). */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatConversations, chatMessages } from '../../db/schema.js';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** How many conversations the list returns (most recent first). */
export const CONVERSATION_LIST_LIMIT = 200;
/** How many messages one history returns (the latest ones). */
export const HISTORY_LIMIT = 500;

export function createChatRepository(db: Db) {
  return {
    async find(userId: number, sessionId: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(chatConversations)
        .where(and(eq(chatConversations.userId, userId), eq(chatConversations.sessionId, sessionId)))
        .limit(1);
      return row;
    },

    /** The messages of a conversation, oldest first (the latest HISTORY_LIMIT). */
    async messages(conversationId: number, limit = HISTORY_LIMIT): Promise<MessageRow[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(desc(chatMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    /** Saves a question and its answer together, creating the conversation on its first message. */
    async saveTurn(input: {
      organizationId: number;
      userId: number;
      sessionId: string;
      question: string;
      answer: string;
      askedAt: Date;
      answeredAt: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(chatConversations)
          .values({
            organizationId: input.organizationId,
            userId: input.userId,
            sessionId: input.sessionId,
            createdAt: input.askedAt,
            updatedAt: input.answeredAt,
          })
          .onConflictDoUpdate({
            target: [chatConversations.userId, chatConversations.sessionId],
            set: { updatedAt: input.answeredAt },
          })
          .returning({ id: chatConversations.id });
        if (!conversation) throw new Error('conversation upsert returned nothing');
        await tx.insert(chatMessages).values([
          {
            conversationId: conversation.id,
            role: 'user',
            content: input.question,
            createdAt: input.askedAt,
          },
          {
            conversationId: conversation.id,
            role: 'assistant',
            content: input.answer,
            createdAt: input.answeredAt,
          },
        ]);
      });
    },

    /** A user's conversations, most recently active first, each with its first and last message. */
    async listWithEnds(userId: number, limit = CONVERSATION_LIST_LIMIT) {
      const conversations = await db
        .select({ id: chatConversations.id, sessionId: chatConversations.sessionId })
        .from(chatConversations)
        .where(eq(chatConversations.userId, userId))
        .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
        .limit(limit);
      if (conversations.length === 0) return [];
      const ids = conversations.map((c) => c.id);
      const ends = await db
        .select({
          conversationId: chatMessages.conversationId,
          id: chatMessages.id,
          content: chatMessages.content,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .where(
          sql`${chatMessages.id} in (
            select min(m.id) from chat_messages m where m.conversation_id in ${ids} group by m.conversation_id
            union
            select max(m.id) from chat_messages m where m.conversation_id in ${ids} group by m.conversation_id)`,
        )
        .orderBy(asc(chatMessages.id));
      return conversations.map((c) => ({
        sessionId: c.sessionId,
        messages: ends.filter((m) => m.conversationId === c.id),
      }));
    },

    async remove(userId: number, sessionId: string): Promise<boolean> {
      const rows = await db
        .delete(chatConversations)
        .where(and(eq(chatConversations.userId, userId), eq(chatConversations.sessionId, sessionId)))
        .returning({ id: chatConversations.id });
      return rows.length > 0;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
