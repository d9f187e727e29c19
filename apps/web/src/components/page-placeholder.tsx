import { useTranslation } from 'react-i18next';
import { EmptyState } from './ui/empty-state';

/** The plain empty state of a page whose content comes in a later issue. */
export function PagePlaceholder() {
  const { t } = useTranslation();
  return <EmptyState title={t('emptyState.title')} description={t('emptyState.description')} />;
}
