import { z } from 'zod';
import { Id } from './http.js';

/**
 * The assistant's contracts (spec document 2: chat entities, the four chat calls, chat constants).
 * Answers are markdown; conversations belong to one user and are keyed by the client's session id.
 */

/** Longest question accepted, in characters. */
export const CHAT_QUERY_MAX = 4000;
/** Title and preview truncation of the conversation list (spec constants). */
export const CHAT_TITLE_CHARS = 30;
export const CHAT_PREVIEW_CHARS = 40;

/** A random UUID made by the client for each new chat (checked by the server: "Invalid session ID"). */
export const SessionId = z.uuid();

export const SessionParams = z.object({
  // Checked by the service so a bad id gets the spec's "Invalid session ID" in the caller's language.
  session_id: z.string().max(100).describe('The conversation’s session id (a UUID made by the client)'),
});

export const UserIdParams = z.object({
  user_id: Id.describe('The signed-in user’s id'),
});

export const AgentQueryRequest = z.object({
  query: z
    .string()
    .max(CHAT_QUERY_MAX)
    .describe('The question, as typed (empty or whitespace-only is refused)'),
  session_id: z.string().max(100).describe('The conversation’s session id (a UUID made by the client)'),
  id_usuario: z
    .union([z.number().int().positive().max(2147483647), z.string().max(20)])
    .optional()
    .describe('The stored user id, or empty; when given it must be the signed-in user'),
  timezone: z
    .string()
    .max(64)
    .optional()
    .describe('The browser’s IANA time zone, so "today" means the user’s today (UTC when absent)'),
});
export type AgentQueryRequest = z.infer<typeof AgentQueryRequest>;

export const AgentQueryResponse = z.object({
  response: z.string().describe('The answer, in markdown'),
});
export type AgentQueryResponse = z.infer<typeof AgentQueryResponse>;

export const ChatRole = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRole>;

export const SessionHistoryEntry = z.object({
  role: ChatRole,
  content: z.string(),
  timestamp: z.string().describe('ISO 8601'),
});
export type SessionHistoryEntry = z.infer<typeof SessionHistoryEntry>;

export const SessionHistoryResponse = z.object({ history: z.array(SessionHistoryEntry) });
export type SessionHistoryResponse = z.infer<typeof SessionHistoryResponse>;

export const ConversationMessage = z.object({ message: z.string(), timestamp: z.string() });

export const ConversationSummary = z.object({
  id: z.string().describe('The session id'),
  messages: z
    .array(ConversationMessage)
    .describe(
      'The first and the last message of the conversation (what the list shows: title and preview), oldest first',
    ),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationListResponse = z.object({
  status: z.literal('success'),
  history: z.array(ConversationSummary).describe('The user’s conversations, most recently active first'),
});
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;
