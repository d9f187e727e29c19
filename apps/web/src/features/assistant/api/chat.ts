import type { AgentQueryRequest, ConversationListResponse } from '@call-insights/contracts/chat';
import { chatApi } from '@call-insights/contracts/chat.routes';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { parseHistory, type ChatMessage } from '../lib/conversations';

export const chatKeys = {
  all: ['assistant'] as const,
  conversations: (userId: number) => ['assistant', 'conversations', userId] as const,
};

/** GET /message-history-user-id/:user_id → the caller's conversations (first and last message of each). */
export async function getConversations(
  userId: number,
  signal?: AbortSignal,
): Promise<ConversationListResponse> {
  return callApi(chatApi.conversations, { params: { user_id: userId } }, { signal });
}

export function conversationsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: chatKeys.conversations(userId),
    queryFn: ({ signal }) => getConversations(userId, signal),
    // The page refetches on window focus and on visibility itself (spec: both).
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** GET /message-history/:session_id → the conversation's messages, oldest first. */
export async function getSessionMessages(sessionId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  const answer = await callApi(chatApi.history, { params: { session_id: sessionId } }, { signal });
  return parseHistory(answer);
}

/** POST /agent/query → the assistant's markdown answer. */
export async function askAssistant(body: AgentQueryRequest): Promise<string> {
  const { response } = await callApi(chatApi.query, { body });
  return response;
}

export function useAskAssistant() {
  return useMutation({ mutationFn: askAssistant });
}

/** DELETE /message-history/:session_id → 204. */
export async function deleteConversation(sessionId: string): Promise<void> {
  await callApi(chatApi.deleteConversation, { params: { session_id: sessionId } });
}

export function useDeleteConversation() {
  return useMutation({ mutationFn: deleteConversation });
}
