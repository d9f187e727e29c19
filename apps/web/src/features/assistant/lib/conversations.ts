/**
 * The chat's pure rules (spec document 2: chat entities, session states, constants): conversation
 * list items with their title and preview, grouping by the local calendar day, and reading a
 * session history.
 */
import {
  CHAT_PREVIEW_CHARS,
  CHAT_TITLE_CHARS,
  type ConversationListResponse,
} from '@call-insights/contracts/chat';

export type ChatMessage = { from: 'user' | 'bot'; message: string };

export type ConversationItem = {
  id: string;
  session_id: string;
  title: string;
  preview: string;
  /** Milliseconds since the epoch: the first message's time, else now. */
  timestamp: number;
};

export type ConversationGroups = {
  today: ConversationItem[];
  yesterday: ConversationItem[];
  older: ConversationItem[];
};

/** The first `max` characters plus an ellipsis when the text is longer. */
export function truncate(text: string, max: number): string {
  const chars = [...text.replace(/\s+/gu, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** A markdown answer as plain text for a one-line preview: links keep their text, marks go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/^\s*(?:[-*+]|\d+\.|>|#{1,6})\s+/gmu, '')
    .replace(/\|?\s*-{3,}\s*(?:\|\s*-{3,}\s*)*\|?/gu, ' ')
    .replace(/[*_~`|]+/gu, ' ')
    .replace(/\\(.)/gu, '$1')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Conversation list items: title from the first message, preview from the last. */
export function toConversationItems(
  history: ConversationListResponse['history'],
  now: number = Date.now(),
): ConversationItem[] {
  return history.map((c) => {
    const first = c.messages[0];
    const last = c.messages[c.messages.length - 1];
    const at = first ? Date.parse(first.timestamp) : NaN;
    return {
      id: c.id,
      session_id: c.id,
      title: truncate(plainText(first?.message ?? ''), CHAT_TITLE_CHARS),
      preview: truncate(plainText(last?.message ?? ''), CHAT_PREVIEW_CHARS),
      timestamp: Number.isNaN(at) ? now : at,
    };
  });
}

function startOfLocalDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Today, yesterday and older by the local calendar day of the timestamp, each newest first. */
export function groupConversations(items: ConversationItem[], now: number = Date.now()): ConversationGroups {
  const today = startOfLocalDay(now);
  const d = new Date(today);
  const yesterday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1).getTime();
  const sorted = [...items].sort((a, b) => b.timestamp - a.timestamp);
  return {
    today: sorted.filter((c) => c.timestamp >= today),
    yesterday: sorted.filter((c) => c.timestamp >= yesterday && c.timestamp < today),
    older: sorted.filter((c) => c.timestamp < yesterday),
  };
}

type HistoryEntry = { role?: unknown; sender?: unknown; content?: unknown; message?: unknown };

/**
 * Messages of a session history: the `history` array, or failing that `messages`; a sender or role
 * of "USER" (any case) is the user, anything else the bot; the text is `content` or `message`.
 */
export function parseHistory(data: unknown): ChatMessage[] {
  if (typeof data !== 'object' || data === null) throw new Error('Invalid response format');
  const record = data as { history?: unknown; messages?: unknown };
  const list = Array.isArray(record.history)
    ? record.history
    : Array.isArray(record.messages)
      ? record.messages
      : null;
  if (!list) throw new Error('Messages data is not in the expected format');
  return list.map((raw: unknown) => {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as HistoryEntry;
    const who =
      typeof entry.sender === 'string' ? entry.sender : typeof entry.role === 'string' ? entry.role : '';
    const text =
      typeof entry.content === 'string'
        ? entry.content
        : typeof entry.message === 'string'
          ? entry.message
          : '';
    return { from: who.toUpperCase() === 'USER' ? 'user' : 'bot', message: text };
  });
}

/** Links the answers may carry: http(s), irc(s), mailto, xmpp (spec), and our own /main/ pages. */
const SAFE_SCHEMES = new Set(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);

export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed.startsWith('/main/') && !trimmed.startsWith('//')) return trimmed;
  const scheme = /^([a-z][a-z0-9+.-]*):/iu.exec(trimmed)?.[1]?.toLowerCase();
  return scheme && SAFE_SCHEMES.has(scheme) ? trimmed : '';
}
