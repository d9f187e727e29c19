import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { hasValidSession } from '../../../lib/auth';
import { useCompleteOAuth } from '../api/oauth';

/**
 * Return page of the CRM OAuth flow (spec 1): posts the `code` and our `state` to the server, which
 * exchanges the code and saves the location (or the company's locations); "Locations data is saved
 * successful", then the account page (or /signin without a session).
 */
export function CrmRedirectPage() {
  const { t } = useTranslation();
  const { t: tCrm } = useTranslation('crm');
  useDocumentTitle(t('pages.crmRedirect.title'));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompleteOAuth();
  const sent = useRef(false);
  const code = search.get('code');
  const state = search.get('state');
  const missing = !code || !state;

  useEffect(() => {
    // Exactly once: a code works once at the CRM.
    if (sent.current || !code || !state) return;
    sent.current = true;
    complete.mutate(
      { code, state },
      // Spec: CRM OAuth failures are logged; the page also says what went wrong.
      { onError: (error) => console.error('Error saving the CRM accounts', error) },
    );
  }, [code, state, complete]);

  const next = () =>
    void navigate(hasValidSession() ? paths.main.account.getHref() : paths.signIn.getHref(), {
      replace: true,
    });

  return (
    <>
      <PageHeading title={t('pages.crmRedirect.title')} description={t('pages.crmRedirect.description')} />
      <div className="mt-6 max-w-xl space-y-4">
        {missing && <Alert tone="error">{t('crm.redirect.missing')}</Alert>}
        {complete.isPending && <Spinner label={t('crm.redirect.saving')} />}
        {complete.isError && (
          <Alert tone="error">
            <p className="font-semibold">{tCrm('redirect.failedTitle')}</p>
            <p className="mt-1 font-normal">{complete.error.message}</p>
          </Alert>
        )}
        {(complete.isError || missing) && (
          <div className="flex gap-3">
            <Button onClick={() => void navigate(paths.main.account.getHref(), { replace: true })}>
              {tCrm('redirect.again')}
            </Button>
          </div>
        )}
      </div>
      <Dialog
        open={complete.isSuccess}
        onClose={next}
        tone="success"
        title={tCrm('redirect.savedTitle')}
        description={t('crm.redirect.saved')}
        actions={<Button onClick={next}>{tCrm('redirect.ok')}</Button>}
      >
        {complete.data && (
          <ul className="mt-3 list-disc pl-5 text-sm/6 text-gray-700 dark:text-gray-300">
            {complete.data.locations.map((location) => (
              <li key={location.id}>{location.name}</li>
            ))}
          </ul>
        )}
      </Dialog>
    </>
  );
}
