import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { EllipsisHorizontalIcon, PlusIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { groupConversations, type ConversationItem } from '../lib/conversations';
import { IconButton } from './icon-button';

type ConversationSidebarProps = {
  open: boolean;
  loading: boolean;
  conversations: ConversationItem[];
  activeId: string;
  onNewChat: () => void;
  onSelect: (id: string) => void;
  onDelete: (conversation: ConversationItem) => void;
  /** Puts the list away below lg, where it lies over the chat. */
  onClose: () => void;
};

const GROUPS = ['today', 'yesterday', 'older'] as const;

/** New Chat and the conversations grouped Today / Yesterday / Older, each row with its menu. */
export function ConversationSidebar({
  open,
  loading,
  conversations,
  activeId,
  onNewChat,
  onSelect,
  onDelete,
  onClose,
}: ConversationSidebarProps) {
  const { t } = useTranslation('assistant');
  const groups = groupConversations(conversations);
  const empty = GROUPS.every((g) => groups[g].length === 0);

  return (
    <aside
      id="assistant-conversations"
      aria-label={t('sidebar.label')}
      className={cn(
        'w-64 shrink-0 flex-col border-r border-gray-200 bg-gray-50 dark:border-white/10 dark:bg-gray-900',
        // Below lg it lies over the chat (beside it, the chat was squeezed to a few letters a line).
        'absolute inset-y-0 left-0 z-10 shadow-lg lg:static lg:z-auto lg:shadow-none lg:dark:bg-gray-900/40',
        open ? 'flex' : 'hidden',
        'lg:flex',
      )}
    >
      <div className="flex items-center gap-2 p-3">
        <button
          type="button"
          onClick={onNewChat}
          className="flex flex-1 items-center justify-center gap-2 rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <PlusIcon aria-hidden="true" className="size-5" />
          {t('sidebar.newChat')}
        </button>
        <IconButton onClick={onClose} label={t('sidebar.hide')} icon={XMarkIcon} className="lg:hidden" />
      </div>
      <nav className="flex-1 overflow-y-auto px-2 pb-3">
        {loading ? (
          <div
            role="status"
            className="flex items-center gap-2 px-2 py-4 text-sm text-gray-500 dark:text-gray-400"
          >
            <Spinner className="size-4" />
            {t('sidebar.loading')}
          </div>
        ) : empty ? (
          <p className="px-2 py-4 text-sm text-gray-500 dark:text-gray-400">{t('sidebar.empty')}</p>
        ) : (
          GROUPS.filter((g) => groups[g].length > 0).map((g) => (
            <section key={g} className="mt-3" aria-labelledby={`assistant-group-${g}`}>
              <h3
                id={`assistant-group-${g}`}
                className="px-2 text-xs font-semibold text-gray-500 dark:text-gray-400"
              >
                {t(`sidebar.${g}`)}
              </h3>
              <ul className="mt-1 space-y-0.5">
                {groups[g].map((c) => (
                  <li
                    key={c.id}
                    className={cn(
                      'group flex items-start rounded-md',
                      c.id === activeId
                        ? 'bg-white shadow-xs dark:bg-white/10'
                        : 'hover:bg-white dark:hover:bg-white/5',
                    )}
                  >
                    <button
                      type="button"
                      onClick={() => onSelect(c.id)}
                      aria-current={c.id === activeId ? 'true' : undefined}
                      className="min-w-0 flex-1 px-2 py-2 text-left focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <span className="block truncate text-sm font-medium text-gray-900 dark:text-white">
                        {c.title}
                      </span>
                      <span className="block truncate text-xs text-gray-500 dark:text-gray-400">
                        {c.preview}
                      </span>
                    </button>
                    <Menu as="div" className="relative">
                      <MenuButton className="m-1 rounded-md p-1 text-gray-400 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-white">
                        <span className="sr-only">{t('sidebar.options', { title: c.title })}</span>
                        <EllipsisHorizontalIcon aria-hidden="true" className="size-5" />
                      </MenuButton>
                      <MenuItems
                        anchor="bottom end"
                        className="z-20 w-52 rounded-md bg-white py-1 shadow-lg ring-1 ring-gray-900/5 focus:outline-hidden dark:bg-gray-800 dark:ring-white/10"
                      >
                        <MenuItem>
                          <button
                            type="button"
                            onClick={() => onDelete(c)}
                            className="block w-full px-3 py-1.5 text-left text-sm text-red-600 data-focus:bg-gray-50 dark:text-red-400 dark:data-focus:bg-white/5"
                          >
                            {t('sidebar.delete')}
                          </button>
                        </MenuItem>
                      </MenuItems>
                    </Menu>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </nav>
    </aside>
  );
}
