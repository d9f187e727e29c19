import { Bars3Icon } from '@heroicons/react/24/outline';
import type { User } from '@call-insights/contracts/users';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch';
import { BellPlaceholder, NotificationBell } from '../../../components/notification-bell';
import { ThemeToggle } from '../../../components/theme-toggle';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isRouteHandle, type PageKey } from '../../route-handle';
import { UserMenu } from './user-menu';

function useCurrentPage(): PageKey {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.page;
  }
  return 'dashboard';
}

type HeaderProps = { user: User | undefined; onOpenSidebar: () => void };

export function Header({ user, onOpenSidebar }: HeaderProps) {
  const { t } = useTranslation();
  const page = useCurrentPage();
  const title = t(`pages.${page}.title`);
  const description = t(`pages.${page}.description`);
  useDocumentTitle(title);

  return (
    <header className="sticky top-0 z-40 flex min-h-16 shrink-0 items-center gap-x-4 border-b border-gray-200 bg-white/95 px-4 py-3 shadow-xs backdrop-blur-sm sm:gap-x-6 sm:px-6 lg:px-8 dark:border-white/10 dark:bg-gray-900/95 dark:shadow-none">
      <button
        type="button"
        onClick={onOpenSidebar}
        className="-m-2.5 rounded-md p-2.5 text-gray-700 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden dark:text-gray-400 dark:hover:text-white"
      >
        <span className="sr-only">{t('nav.openSidebar')}</span>
        <Bars3Icon aria-hidden="true" className="size-6" />
      </button>
      <div aria-hidden="true" className="h-6 w-px bg-gray-200 lg:hidden dark:bg-white/10" />

      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base/7 font-semibold text-gray-900 sm:text-lg/7 dark:text-white">
          {title}
        </h1>
        <p className="hidden truncate text-sm text-gray-500 sm:block dark:text-gray-400">{description}</p>
      </div>

      <div className="flex items-center gap-x-4 lg:gap-x-6">
        <div className="hidden sm:block">
          <LanguageSwitch />
        </div>
        <ThemeToggle />
        <Suspense fallback={<BellPlaceholder label={t('nav.notifications')} />}>
          <NotificationBell />
        </Suspense>
        <div
          aria-hidden="true"
          className="hidden lg:block lg:h-6 lg:w-px lg:bg-gray-200 dark:lg:bg-white/10"
        />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
