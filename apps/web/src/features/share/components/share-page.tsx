import { ClockIcon, ExclamationTriangleIcon, LinkSlashIcon } from '@heroicons/react/24/outline';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CallAnalysisContent } from '../../../components/call/call-analysis-content';
import { SavedFeedback } from '../../../components/call/saved-feedback';
import { PageHeading } from '../../../components/page-heading';
import { Button } from '../../../components/ui/button';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { sharedAnalysisFailure, sharedAnalysisQueryOptions } from '../api/get-shared-analysis';

/** /share/:link — a shared call analysis anyone with the link can read: no sign-in, no audio, no actions. */
export function SharePage() {
  const { t } = useTranslation();
  const { link = '' } = useParams();
  const savedId = useId();
  const query = useQuery(sharedAnalysisQueryOptions(link));
  useDocumentTitle(t('pages.share.title'));

  useEffect(() => {
    if (query.error) console.error('Error fetching shared analysis', query.error);
  }, [query.error]);

  const call = query.data;
  if (!call) {
    if (query.isPending) return <LoadingOverlay open label={t('share.loading')} />;
    return <ShareUnavailable error={query.error} onRetry={() => void query.refetch()} />;
  }

  return (
    <>
      <PageHeading title={t('pages.share.title')} description={call.file.originalname || undefined} />
      <CallAnalysisContent
        call={call}
        coaching={<SavedFeedback coaching={call.coaching} headingId={savedId} />}
      />
    </>
  );
}

function ShareUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const failure = sharedAnalysisFailure(error);
  const { Icon, title, text } = {
    unavailable: {
      Icon: LinkSlashIcon,
      title: t('share.unavailableTitle'),
      text: t('share.unavailableText'),
    },
    rateLimited: { Icon: ClockIcon, title: t('share.rateLimitedTitle'), text: t('share.rateLimitedText') },
    failed: { Icon: ExclamationTriangleIcon, title: t('share.failedTitle'), text: t('share.failedText') },
  }[failure];
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
      <Icon aria-hidden="true" className="size-12 text-gray-400 dark:text-gray-500" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-gray-900 dark:text-white">{title}</h1>
      <p className="mt-2 max-w-md text-base text-gray-600 dark:text-gray-400">{text}</p>
      {failure !== 'unavailable' && (
        <Button variant="secondary" className="mt-6" onClick={onRetry}>
          {t('share.tryAgain')}
        </Button>
      )}
    </div>
  );
}
