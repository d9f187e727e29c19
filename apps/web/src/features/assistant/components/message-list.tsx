import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { ChatMessage } from '../lib/conversations';
import { TypingDots } from './typing-dots';

// The markdown renderer is loaded with the first answer, not with the app.
const MarkdownMessage = lazy(() => import('./markdown-message'));

type MessageListProps = { messages: ChatMessage[]; loading: boolean; banner?: React.ReactNode };

/** The conversation, scrolled to the latest message whenever it changes. */
export function MessageList({ messages, loading, banner }: MessageListProps) {
  const { t } = useTranslation('assistant');
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, loading, banner]);

  return (
    <div className="flex-1 overflow-y-auto px-4 py-6" aria-label={t('messages.listLabel')} role="log">
      <ul className="mx-auto flex max-w-3xl flex-col gap-4">
        {messages.map((m, i) => (
          <li
            key={i}
            data-from={m.from}
            className={cn('flex', m.from === 'user' ? 'justify-end' : 'justify-start')}
          >
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-4 py-3',
                m.from === 'user'
                  ? 'bg-indigo-600 text-sm/6 whitespace-pre-wrap text-white'
                  : 'bg-gray-100 text-gray-900 dark:bg-white/5 dark:text-gray-100',
              )}
            >
              <span className="sr-only">
                {m.from === 'user' ? t('messages.you') : t('messages.assistant')}:{' '}
              </span>
              {m.from === 'user' ? (
                m.message
              ) : (
                <Suspense fallback={<p className="text-sm/6 whitespace-pre-wrap">{m.message}</p>}>
                  <MarkdownMessage text={m.message} />
                </Suspense>
              )}
            </div>
          </li>
        ))}
        {banner && <li>{banner}</li>}
        {loading && (
          <li className="flex justify-start">
            <div className="rounded-2xl bg-gray-100 dark:bg-white/5">
              <TypingDots />
            </div>
          </li>
        )}
      </ul>
      <div ref={end} />
    </div>
  );
}
