import { ChatBubbleLeftRightIcon, FireIcon, SparklesIcon, UserPlusIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';

const CARDS = [
  { key: 'todayLeads', Icon: ChatBubbleLeftRightIcon },
  { key: 'topLeads', Icon: FireIcon },
  { key: 'newLeads', Icon: UserPlusIcon },
  { key: 'about', Icon: SparklesIcon },
] as const;

/** The empty chat: heading, description and the four suggestion cards (disabled while loading). */
export function Welcome({ disabled, onPick }: { disabled: boolean; onPick: (query: string) => void }) {
  const { t } = useTranslation('assistant');
  return (
    <div className="mx-auto w-full max-w-2xl text-center">
      <h2 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">
        {t('welcome.title')}
      </h2>
      <p className="mt-2 text-sm/6 text-gray-600 dark:text-gray-400">{t('welcome.description')}</p>
      <div className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {CARDS.map(({ key, Icon }) => (
          <button
            key={key}
            type="button"
            disabled={disabled}
            onClick={() => onPick(t(`suggestions.${key}.query`))}
            className="flex items-start gap-3 rounded-lg border border-gray-200 p-4 text-left hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-white/10 dark:hover:bg-white/5"
          >
            <Icon aria-hidden="true" className="size-6 shrink-0 text-indigo-600 dark:text-indigo-400" />
            <span>
              <span className="block text-sm font-semibold text-gray-900 dark:text-white">
                {t(`suggestions.${key}.title`, { product: t('product') })}
              </span>
              <span className="mt-1 block text-sm text-gray-600 dark:text-gray-400">
                {t(`suggestions.${key}.query`)}
              </span>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
