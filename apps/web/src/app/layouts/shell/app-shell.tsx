import type { User } from '@call-insights/contracts/users';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './header';
import { DesktopSidebar, MobileSidebar } from './sidebar';

type AppShellProps = { user: User | undefined; children: ReactNode };

/** Signed-in application shell: 280 px sidebar on large screens, slide-over drawer below. */
export function AppShell({ user, children }: AppShellProps) {
  const { t } = useTranslation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const isAdmin = user?.role === 'admin';
  const isManager = user?.role === 'manager';

  return (
    <div className="min-h-full bg-white dark:bg-gray-900">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold focus:text-indigo-600 focus:shadow"
      >
        {t('nav.skipToContent')}
      </a>
      <MobileSidebar
        open={sidebarOpen}
        onClose={() => setSidebarOpen(false)}
        isAdmin={isAdmin}
        isManager={isManager}
      />
      <DesktopSidebar isAdmin={isAdmin} isManager={isManager} />

      <div className="lg:pl-[280px]">
        <Header user={user} onOpenSidebar={() => setSidebarOpen(true)} />
        <main id="main-content" tabIndex={-1} className="py-8 focus:outline-none sm:py-10">
          <div className="px-4 sm:px-6 lg:px-8">{children}</div>
        </main>
      </div>
    </div>
  );
}
