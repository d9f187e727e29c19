import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { PagePlaceholder } from '../../../components/page-placeholder';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** Return page of the CRM OAuth flow; the code exchange arrives with the CRM connection work. */
export function CrmRedirectPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.crmRedirect.title'));
  return (
    <>
      <PageHeading title={t('pages.crmRedirect.title')} description={t('pages.crmRedirect.description')} />
      <PagePlaceholder />
    </>
  );
}
