import { useTranslation } from 'react-i18next';
import { FullPageSpinner, Spinner } from '../../components/ui/spinner';

/** The whole window while the first page's chunk arrives. */
export function RouteFallback() {
  const { t } = useTranslation();
  return <FullPageSpinner label={t('common.loading')} />;
}

/** Inside a layout, while a page's own translations or code arrive: the frame stays in place. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-16">
      <Spinner className="size-8 text-indigo-600 dark:text-indigo-400" label={t('common.loading')} />
    </div>
  );
}
