import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';

/** The error boundary of every route: a crash in one page never blanks the whole app. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  return (
    <div role="alert" className="grid min-h-full place-items-center bg-white px-6 py-24 dark:bg-gray-900">
      <div className="max-w-md text-center">
        <ExclamationTriangleIcon
          aria-hidden="true"
          className="mx-auto size-12 text-red-500 dark:text-red-400"
        />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
          {t('routeError.title')}
        </h1>
        <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{t('routeError.description')}</p>
        <div className="mt-8 flex items-center justify-center gap-x-4">
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'secondary' })}>
            {t('routeError.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
