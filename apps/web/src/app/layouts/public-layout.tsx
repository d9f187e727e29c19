import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { ThemeToggle } from '../../components/theme-toggle';
import { Logo } from '../../components/ui/logo';
import { PageFallback } from '../routes/route-fallback';

/** Frame of public content pages such as a shared analysis: no navigation, no sign-in. */
export function PublicLayout() {
  return (
    <div className="min-h-full bg-white dark:bg-gray-900">
      <header className="border-b border-gray-200 dark:border-white/10">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-x-4 px-4 py-4 sm:px-6 lg:px-8">
          <Logo />
          <div className="flex items-center gap-x-5">
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
