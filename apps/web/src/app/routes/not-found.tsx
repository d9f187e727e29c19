import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { textLinkClasses } from '../../components/text-link';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <main className="grid min-h-full place-items-center bg-white px-6 py-24 sm:py-32 lg:px-8 dark:bg-gray-900">
      <div className="text-center">
        <p className="text-base font-semibold text-indigo-600 dark:text-indigo-400">{t('notFound.code')}</p>
        <h1 className="mt-4 text-5xl font-semibold tracking-tight text-balance text-gray-900 sm:text-7xl dark:text-white">
          {t('notFound.title')}
        </h1>
        <p className="mt-6 text-lg font-medium text-pretty text-gray-500 sm:text-xl/8 dark:text-gray-400">
          {t('notFound.description')}
        </p>
        <div className="mt-10 flex items-center justify-center gap-x-6">
          <Link to={paths.home.getHref()} className={buttonClasses()}>
            {t('notFound.home')}
          </Link>
          <Link to={paths.home.getHref()} className={textLinkClasses}>
            {t('notFound.support')} <span aria-hidden="true">&rarr;</span>
          </Link>
        </div>
      </div>
    </main>
  );
}
