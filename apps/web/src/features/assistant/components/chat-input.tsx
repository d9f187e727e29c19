import { PaperAirplaneIcon } from '@heroicons/react/24/solid';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

const MIN_HEIGHT = 44;
const MAX_HEIGHT = 200;

type ChatInputProps = { disabled: boolean; onSend: (text: string) => void; centred?: boolean };

/** Two-row textarea growing from 44 to 200 px; Enter sends, Shift+Enter starts a new line. */
export function ChatInput({ disabled, onSend, centred = false }: ChatInputProps) {
  const { t } = useTranslation('assistant');
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`;
  }, [text]);

  const submit = () => {
    if (disabled || text.trim().length === 0) return;
    onSend(text);
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <div
      className={cn(
        'w-full',
        centred ? 'mx-auto max-w-2xl' : 'border-t border-gray-200 px-4 py-3 dark:border-white/10',
      )}
    >
      <form
        className="mx-auto flex max-w-3xl items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="assistant-input" className="sr-only">
          {t('input.label')}
        </label>
        <textarea
          id="assistant-input"
          ref={area}
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('input.placeholder', { product: t('product') })}
          maxLength={4000}
          style={{ minHeight: MIN_HEIGHT, maxHeight: MAX_HEIGHT }}
          className="block w-full resize-none rounded-md bg-white px-3 py-2.5 text-sm/6 text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 dark:bg-white/5 dark:text-white dark:outline-white/10 dark:placeholder:text-gray-500"
        />
        <button
          type="submit"
          disabled={disabled || text.trim().length === 0}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <span className="sr-only">{t('input.send')}</span>
          <PaperAirplaneIcon aria-hidden="true" className="size-5" />
        </button>
      </form>
      <p className="mt-2 text-center text-xs text-gray-500 dark:text-gray-400">{t('input.footer')}</p>
    </div>
  );
}
