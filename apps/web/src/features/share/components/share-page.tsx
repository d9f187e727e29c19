import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { PagePlaceholder } from '../../../components/page-placeholder';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** Public shared call analysis: no sign-in; the analysis itself arrives with the share work. */
export function SharePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.share.title'));
  return (
    <>
      <PageHeading title={t('pages.share.title')} description={t('pages.share.description')} />
      <PagePlaceholder />
    </>
  );
}
