/**
 * Owns the assistant's use cases: ask (the engine answers; question and answer are kept in the
 * caller's conversation), a conversation's history, the caller's conversation list, delete.
 * Conversations belong to one user: another user's session id is simply not found, and the list
 * of another user's conversations is refused.
 */
import {
  SessionId,
  type AgentQueryRequest,
  type AgentQueryResponse,
  type ConversationListResponse,
  type SessionHistoryResponse,
} from '@call-insights/contracts/chat';
import type { Logger } from 'pino';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AssistantEngine } from './assistant/engine.js';
import { safeTimezone } from '../../lib/time-zone.js';
import type { ChatRepository } from './chat.repository.js';

export type ChatServiceDeps = {
  repo: ChatRepository;
  engine: AssistantEngine;
  log: Logger;
  /** Tests: a fixed clock. */
  now?: () => Date;
};

const INVALID_SESSION = 'Invalid session ID';
const EMPTY_QUERY = 'Type a question before sending it.';

function sessionIdOf(value: string, path: string): string {
  const parsed = SessionId.safeParse(value);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', INVALID_SESSION, {
      fields: [{ path, message: INVALID_SESSION }],
    });
  }
  return parsed.data.toLowerCase();
}

export function createChatService(deps: ChatServiceDeps) {
  const { repo, engine, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function owned(caller: AuthUser, sessionId: string) {
    const conversation = await repo.find(caller.id, sessionIdOf(sessionId, 'session_id'));
    if (!conversation || conversation.organizationId !== caller.organizationId) {
      throw new AppError('NOT_FOUND', 'This conversation was not found.');
    }
    return conversation;
  }

  return {
    async ask(caller: AuthUser, body: AgentQueryRequest): Promise<AgentQueryResponse> {
      if (body.query.trim().length === 0) {
        throw new AppError('VALIDATION_FAILED', EMPTY_QUERY, {
          fields: [{ path: 'query', message: EMPTY_QUERY }],
        });
      }
      const sessionId = sessionIdOf(body.session_id, 'session_id');
      const asUser =
        body.id_usuario === undefined || body.id_usuario === '' ? undefined : Number(body.id_usuario);
      if (asUser !== undefined && asUser !== caller.id) {
        throw new AppError('FORBIDDEN', 'You can only ask the assistant as yourself.');
      }
      const askedAt = now();
      const existing = await repo.find(caller.id, sessionId);
      const history = existing ? await repo.messages(existing.id, 40) : [];
      const answer = await engine.answer({
        caller: { id: caller.id, organizationId: caller.organizationId, role: caller.role },
        question: body.query,
        history: history.map((m) => ({ role: m.role, content: m.content })),
        now: askedAt,
        timezone: safeTimezone(body.timezone),
      });
      log.info(
        { engine: answer.engine, intent: answer.intent, fallback: answer.fallbackReason !== undefined },
        'assistant answered',
      );
      const answeredAt = new Date(Math.max(now().getTime(), askedAt.getTime() + 1));
      await repo.saveTurn({
        organizationId: caller.organizationId,
        userId: caller.id,
        sessionId,
        question: body.query,
        answer: answer.text,
        askedAt,
        answeredAt,
      });
      return { response: answer.text };
    },

    async history(caller: AuthUser, sessionId: string): Promise<SessionHistoryResponse> {
      const conversation = await owned(caller, sessionId);
      const messages = await repo.messages(conversation.id);
      return {
        history: messages.map((m) => ({
          role: m.role,
          content: m.content,
          timestamp: m.createdAt.toISOString(),
        })),
      };
    },

    async conversations(caller: AuthUser, userId: number): Promise<ConversationListResponse> {
      if (userId !== caller.id) {
        throw new AppError('FORBIDDEN', 'You can only see your own conversations.');
      }
      const rows = await repo.listWithEnds(caller.id);
      return {
        status: 'success',
        history: rows.map((c) => ({
          id: c.sessionId,
          messages: c.messages.map((m) => ({ message: m.content, timestamp: m.createdAt.toISOString() })),
        })),
      };
    },

    async remove(caller: AuthUser, sessionId: string): Promise<void> {
      const conversation = await owned(caller, sessionId);
      await repo.remove(caller.id, conversation.sessionId);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
