/**
 * The chat's session state (spec document 2, "Chat session"): a fresh session id on load and on New
 * Chat; selecting a conversation loads its history; sending appends the user's message at once and
 * the reply when it comes, then refreshes the list; deleting the active conversation starts a new
 * chat; the list refreshes when the window regains focus or the tab becomes visible.
 */
import { browserTimezone } from '../../../lib/time-zone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getStoredUserId } from '../../../lib/storage';
import {
  chatKeys,
  conversationsQueryOptions,
  getSessionMessages,
  useAskAssistant,
  useDeleteConversation,
} from '../api/chat';
import { toConversationItems, type ChatMessage, type ConversationItem } from '../lib/conversations';

export type ChatError = 'history' | 'conversations' | 'delete' | 'send';

function newSessionId(): string {
  return crypto.randomUUID();
}

export function useChat(options: { fallbackReply: string }) {
  const queryClient = useQueryClient();
  const userId = getStoredUserId();
  const [sessionId, setSessionId] = useState(newSessionId);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [messageLoading, setMessageLoading] = useState(false);
  const [error, setError] = useState<ChatError | null>(null);
  const historyRequest = useRef<AbortController | null>(null);
  const ask = useAskAssistant();
  const remove = useDeleteConversation();

  const list = useQuery({ ...conversationsQueryOptions(userId ?? 0), enabled: userId !== null });
  const conversations: ConversationItem[] = useMemo(
    () =>
      list.data?.status === 'success' && Array.isArray(list.data.history)
        ? toConversationItems(list.data.history)
        : [],
    [list.data],
  );

  useEffect(() => {
    if (list.isError) setError('conversations');
  }, [list.isError, list.errorUpdatedAt]);

  const refreshList = useCallback(() => {
    if (getStoredUserId() === null) return;
    void queryClient.invalidateQueries({ queryKey: chatKeys.all });
  }, [queryClient]);

  useEffect(() => {
    const onFocus = () => refreshList();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refreshList();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refreshList]);

  const newChat = useCallback(() => {
    historyRequest.current?.abort();
    setSessionId(newSessionId());
    setMessages([]);
    setError(null);
    setMessageLoading(false);
  }, []);

  const selectConversation = useCallback(async (id: string) => {
    historyRequest.current?.abort();
    const controller = new AbortController();
    historyRequest.current = controller;
    setError(null);
    setMessageLoading(true);
    try {
      const history = await getSessionMessages(id, controller.signal);
      if (controller.signal.aborted) return;
      if (history.length > 0) {
        setMessages(history);
        setSessionId(id);
      } else {
        setMessages([]);
      }
    } catch {
      if (controller.signal.aborted) return;
      setMessages([]);
      setError('history');
    } finally {
      if (!controller.signal.aborted) setMessageLoading(false);
    }
  }, []);

  const send = useCallback(
    async (text: string) => {
      if (text.trim().length === 0 || messageLoading) return;
      setError(null);
      setMessages((m) => [...m, { from: 'user', message: text.trim() }]);
      setMessageLoading(true);
      try {
        const response = await ask.mutateAsync({
          query: text,
          session_id: sessionId,
          id_usuario: userId ?? '',
          timezone: browserTimezone(),
        });
        setMessages((m) => [...m, { from: 'bot', message: response }]);
        refreshList();
      } catch {
        setError('send');
        setMessages((m) => [...m, { from: 'bot', message: options.fallbackReply }]);
      } finally {
        setMessageLoading(false);
      }
    },
    [ask, messageLoading, options.fallbackReply, refreshList, sessionId, userId],
  );

  const deleteConversation = useCallback(
    async (id: string) => {
      try {
        await remove.mutateAsync(id);
        if (id === sessionId) newChat();
        refreshList();
      } catch {
        setError('delete');
      }
    },
    [newChat, refreshList, remove, sessionId],
  );

  return {
    sessionId,
    messages,
    messageLoading,
    sidebarLoading: list.isPending && userId !== null,
    conversations,
    error,
    dismissError: () => setError(null),
    newChat,
    selectConversation,
    send,
    deleteConversation,
  };
}
