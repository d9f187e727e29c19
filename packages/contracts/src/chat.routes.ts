import { defineRoute } from './http.js';
import {
  AgentQueryRequest,
  AgentQueryResponse,
  ConversationListResponse,
  SessionHistoryResponse,
  SessionParams,
  UserIdParams,
} from './chat.js';

/** The four chat calls of spec document 2 (section 7), signed in and limited to the caller's own chats. */
const tags = ['assistant'] as const;

export const chatApi = {
  query: defineRoute({
    method: 'POST',
    path: '/agent/query',
    access: 'member',
    summary: 'Ask the assistant; the question and the answer are kept in the conversation',
    tags,
    body: AgentQueryRequest,
    response: AgentQueryResponse,
    errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND'],
  }),
  history: defineRoute({
    method: 'GET',
    path: '/message-history/:session_id',
    access: 'member',
    summary: 'The messages of one of your conversations',
    tags,
    params: SessionParams,
    response: SessionHistoryResponse,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  conversations: defineRoute({
    method: 'GET',
    path: '/message-history-user-id/:user_id',
    access: 'member',
    summary: 'Your conversations (first and last message of each)',
    tags,
    params: UserIdParams,
    response: ConversationListResponse,
    errors: ['FORBIDDEN'],
  }),
  deleteConversation: defineRoute({
    method: 'DELETE',
    path: '/message-history/:session_id',
    access: 'member',
    summary: 'Delete one of your conversations',
    tags,
    params: SessionParams,
    status: 204,
    produces: 'none',
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
} as const;
