import { MicrophoneIcon } from '@heroicons/react/24/outline';
import { PlusIcon, SparklesIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useImportSamples } from '../api/import-samples';
import { useFailureDetail } from '../../../hooks/use-failure-detail';

/** The organization has no recordings at all: explain, and offer an import or the sample calls. */
export function RecordingsEmpty({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation();
  const samples = useImportSamples();
  // The server's reason when it gave one (no room left for the calls, say), else our general text.
  const failure = useFailureDetail(samples.error);

  const trySamples = () =>
    samples.mutate(undefined, {
      onError: (error) => console.error('Error importing sample calls', error),
    });

  return (
    <div className="space-y-4">
      {samples.isError && <Alert tone="error">{failure ?? t('recordings.empty.samplesFailed')}</Alert>}
      <EmptyState
        icon={MicrophoneIcon}
        title={t('recordings.empty.title')}
        description={t('recordings.empty.description')}
        action={
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button onClick={onImport}>
              <PlusIcon aria-hidden="true" className="-ml-0.5 size-5" />
              {t('recordings.toolbar.import')}
            </Button>
            <Button variant="secondary" onClick={trySamples} isLoading={samples.isPending}>
              {!samples.isPending && <SparklesIcon aria-hidden="true" className="-ml-0.5 size-5" />}
              {t('recordings.empty.samples')}
            </Button>
          </div>
        }
      />
    </div>
  );
}
