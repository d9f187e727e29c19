import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { ThemeToggle } from '../../components/theme-toggle';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { PageFallback } from '../routes/route-fallback';

/** Frame of the pages outside the signed-in shell: logo, language and theme, a centred column. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col bg-gray-50 dark:bg-gray-900">
      <header className="flex items-center justify-between gap-x-4 px-4 py-4 sm:px-6 lg:px-8">
        <Link
          to={paths.home.getHref()}
          aria-label={t('common.appName')}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        >
          <Logo />
        </Link>
        <div className="flex items-center gap-x-5">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 flex-col justify-center px-0 pt-6 pb-16 sm:px-6 lg:px-8">
        <div className="sm:mx-auto sm:w-full sm:max-w-[480px]">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
