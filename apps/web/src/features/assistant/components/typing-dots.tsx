import { useTranslation } from 'react-i18next';

/** Three bouncing dots (600 ms, delays 0 / 150 / 300 ms) while the assistant answers. */
export function TypingDots() {
  const { t } = useTranslation('assistant');
  return (
    <div role="status" aria-label={t('messages.typing')} className="flex items-center gap-1 px-4 py-3">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          data-testid="typing-dot"
          className="size-2 animate-bounce rounded-full bg-gray-400 dark:bg-gray-500"
          style={{ animationDuration: '600ms', animationDelay: `${delay}ms` }}
        />
      ))}
    </div>
  );
}
