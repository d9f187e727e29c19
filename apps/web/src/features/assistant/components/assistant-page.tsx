import { Bars3Icon, XMarkIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { useChat } from '../hooks/use-chat';
import type { ConversationItem } from '../lib/conversations';
import { ChatInput } from './chat-input';
import { ConversationSidebar } from './conversation-sidebar';
import { DeleteChatDialog } from './delete-chat-dialog';
import { IconButton } from './icon-button';
import { MessageList } from './message-list';
import { Welcome } from './welcome';

/** The assistant (`/main/assistant`): conversations on the left, the chat on the right. */
export function AssistantPage() {
  const { t } = useTranslation('assistant');
  const chat = useChat({ fallbackReply: t('errors.fallbackReply') });
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ConversationItem | null>(null);

  const banner = chat.error ? (
    <Alert tone="error">
      <span className="flex items-start justify-between gap-4">
        <span>{t(`errors.${chat.error}`)}</span>
        <button type="button" onClick={chat.dismissError} className="underline">
          {t('errors.dismiss')}
        </button>
      </span>
    </Alert>
  ) : null;

  const hasMessages = chat.messages.length > 0;
  const closeOnSmall = () => setSidebarOpen(false);

  return (
    <div
      className="relative -my-2 flex h-[calc(100dvh-12rem)] min-h-[30rem] overflow-hidden rounded-lg border border-gray-200 dark:border-white/10"
      onKeyDown={(event) => {
        // Below the lg breakpoint the conversation list lies over the chat: Escape puts it away.
        if (event.key === 'Escape' && sidebarOpen) setSidebarOpen(false);
      }}
    >
      <ConversationSidebar
        open={sidebarOpen}
        loading={chat.sidebarLoading}
        conversations={chat.conversations}
        activeId={chat.sessionId}
        onNewChat={() => {
          chat.newChat();
          closeOnSmall();
        }}
        onSelect={(id) => {
          void chat.selectConversation(id);
          closeOnSmall();
        }}
        onDelete={setToDelete}
        onClose={closeOnSmall}
      />
      <section className="flex min-w-0 flex-1 flex-col" aria-label={t('welcome.title')}>
        <div className="flex items-center border-b border-gray-200 px-2 py-1 lg:hidden dark:border-white/10">
          <IconButton
            onClick={() => setSidebarOpen((o) => !o)}
            aria-expanded={sidebarOpen}
            aria-controls="assistant-conversations"
            label={sidebarOpen ? t('sidebar.hide') : t('sidebar.show')}
            icon={sidebarOpen ? XMarkIcon : Bars3Icon}
          />
        </div>
        {hasMessages || chat.messageLoading ? (
          <>
            <MessageList messages={chat.messages} loading={chat.messageLoading} banner={banner} />
            <ChatInput disabled={chat.messageLoading} onSend={(text) => void chat.send(text)} />
          </>
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center-safe gap-8 overflow-y-auto px-4 py-8">
            {/* Centred while it fits; on a short screen it starts at the top and scrolls (a plain
                centre pushed the heading above the scroll area, out of reach). */}
            {banner && <div className="w-full max-w-2xl">{banner}</div>}
            <Welcome disabled={chat.messageLoading} onPick={(q) => void chat.send(q)} />
            <ChatInput centred disabled={chat.messageLoading} onSend={(text) => void chat.send(text)} />
          </div>
        )}
      </section>
      <DeleteChatDialog
        title={toDelete?.title ?? null}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const target = toDelete;
          setToDelete(null);
          if (target) void chat.deleteConversation(target.id);
        }}
      />
    </div>
  );
}
