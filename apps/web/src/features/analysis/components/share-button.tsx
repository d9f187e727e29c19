import { CheckIcon, ShareIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useShareFlow } from '../hooks/use-share-flow';
import { ShareDialog } from './share-dialog';

/** "Share": creates the public link, copies it ("Copied" for 2 s) and opens the share modal. */
export function ShareButton({ recordingId }: { recordingId: number }) {
  const { t } = useTranslation();
  const flow = useShareFlow(recordingId);
  return (
    <>
      <Button variant="secondary" isLoading={flow.isPending} onClick={flow.share}>
        {!flow.isPending &&
          (flow.copiedNotice ? (
            <CheckIcon aria-hidden="true" className="-ml-0.5 size-5 text-green-600 dark:text-green-400" />
          ) : (
            <ShareIcon aria-hidden="true" className="-ml-0.5 size-5 text-gray-400 dark:text-gray-300" />
          ))}
        <span aria-live="polite">
          {flow.copiedNotice ? t('analysis.page.copied') : t('analysis.page.share')}
        </span>
      </Button>
      {flow.shared && (
        // Every share opens a fresh modal (no leftover "revoked" or error state).
        <ShareDialog
          key={flow.shared.attempt}
          open={flow.dialogOpen}
          shared={flow.shared}
          onClose={flow.closeDialog}
        />
      )}
    </>
  );
}
