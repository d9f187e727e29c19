import { describe, expect, it } from 'vitest';
import en from './en/assistant.json';
import fr from './fr/assistant.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('assistant locales', () => {
  it('French has exactly the English keys, none empty', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    for (const bundle of [en, fr]) {
      for (const key of keys(bundle)) {
        const text = key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], bundle);
        expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      }
    }
  });

  it('keeps the spec’s chat texts in English', () => {
    expect(en.sidebar.loading).toBe('Loading conversations...');
    expect(en.sidebar.empty).toBe('No conversations yet');
    expect(en.sidebar.delete).toBe('Delete Conversation');
    expect(en.deleteDialog.title).toBe('Delete chat?');
    expect(en.deleteDialog.text).toBe(
      'This will delete {{title}}. To delete any memories from this chat, please access your settings.',
    );
    expect(en.input.footer).toBe('AI Assistant is ready to help analyze your calls and provide insights.');
    expect(en.input.placeholder).toBe('Send a message to {{product}}');
    expect(en.errors).toMatchObject({
      history: 'Failed to load chat history. Please try again.',
      conversations: 'Failed to load conversations. Please try again.',
      delete: 'Failed to delete chat. Please try again.',
      send: 'Failed to send message. Please try again.',
      fallbackReply: "Sorry, I couldn't process your request. Please try again.",
    });
    expect(Object.values(en.suggestions).map((s) => s.query)).toEqual([
      'List all the leads from today',
      'Who are the top leads today?',
      'List all leads created today',
      'Who are you and what can you do?',
    ]);
  });
});
