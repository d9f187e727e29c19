import { describe, expect, it } from 'vitest';
import {
  groupConversations,
  parseHistory,
  plainText,
  safeUrl,
  toConversationItems,
  truncate,
} from './conversations';

describe('conversation list items', () => {
  it('titles with the first message (30 characters + …) and previews with the last (40 + …)', () => {
    const first = 'List all the leads from today and tell me more';
    const last = 'Here are the leads called today, in a table with links';
    const [item] = toConversationItems([
      {
        id: 's1',
        messages: [
          { message: first, timestamp: '2026-11-18T09:00:00.000Z' },
          { message: last, timestamp: '2026-11-18T09:00:01.000Z' },
        ],
      },
    ]);
    expect(item).toEqual({
      id: 's1',
      session_id: 's1',
      title: 'List all the leads from today …',
      preview: 'Here are the leads called today, in a ta…',
      timestamp: Date.parse('2026-11-18T09:00:00.000Z'),
    });
    expect(item!.title).toBe(`${first.slice(0, 30)}…`);
    expect(truncate('short', 30)).toBe('short');
  });

  it('previews a markdown answer as plain text', () => {
    const answer =
      '**Calls mentioning “garage” — 1 call** · Period: all time\n\n| Call | With |\n| --- | --- |\n| [18 Nov 2026, 09:00](/main/call-analysis/1) | Jane \\(VIP\\) |';
    expect(plainText(answer)).toBe(
      'Calls mentioning “garage” — 1 call · Period: all time Call With 18 Nov 2026, 09:00 Jane (VIP)',
    );
  });

  it('uses now when there is no first message', () => {
    expect(toConversationItems([{ id: 's', messages: [] }], 1234)[0]!.timestamp).toBe(1234);
  });

  it('groups by local calendar day, newest first', () => {
    const now = new Date(2026, 10, 18, 10, 0).getTime();
    const at = (d: number, h: number) => new Date(2026, 10, d, h, 0).getTime();
    const items = [
      { id: 'a', session_id: 'a', title: 'a', preview: '', timestamp: at(18, 0) },
      { id: 'b', session_id: 'b', title: 'b', preview: '', timestamp: at(17, 23) },
      { id: 'c', session_id: 'c', title: 'c', preview: '', timestamp: at(18, 9) },
      { id: 'd', session_id: 'd', title: 'd', preview: '', timestamp: at(16, 23) },
      { id: 'e', session_id: 'e', title: 'e', preview: '', timestamp: at(17, 0) },
    ];
    const groups = groupConversations(items, now);
    expect(groups.today.map((c) => c.id)).toEqual(['c', 'a']);
    expect(groups.yesterday.map((c) => c.id)).toEqual(['b', 'e']);
    expect(groups.older.map((c) => c.id)).toEqual(['d']);
  });
});

describe('session history', () => {
  it('reads history or messages, role or sender ("USER" in any case is the user)', () => {
    expect(
      parseHistory({
        history: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
        ],
      }),
    ).toEqual([
      { from: 'user', message: 'Hi' },
      { from: 'bot', message: 'Hello' },
    ]);
    expect(
      parseHistory({
        messages: [
          { sender: 'USER', message: 'Q' },
          { sender: 'agent', message: 'A' },
        ],
      }),
    ).toEqual([
      { from: 'user', message: 'Q' },
      { from: 'bot', message: 'A' },
    ]);
  });

  it('refuses anything else', () => {
    expect(() => parseHistory(null)).toThrow('Invalid response format');
    expect(() => parseHistory({ history: 'nope' })).toThrow('Messages data is not in the expected format');
  });
});

describe('links in answers', () => {
  it('keeps the spec’s schemes and our /main/ pages, drops everything else', () => {
    for (const ok of [
      'https://example.com',
      'http://example.com/a',
      'mailto:a@example.com',
      'irc://irc.example.com',
      'ircs://irc.example.com',
      'xmpp:someone@example.com',
      '/main/call-analysis/12',
    ]) {
      expect(safeUrl(ok)).toBe(ok);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.com',
      '/api/users',
      'file:///etc/passwd',
    ]) {
      expect(safeUrl(bad)).toBe('');
    }
  });
});
