import { useTranslation } from 'react-i18next';
import { useFailureDetail } from '../../../hooks/use-failure-detail';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

type ErrorDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  error: unknown;
};

/** An error dialog: our text, then what the server said. */
export function ErrorDialog({ open, onClose, title, text, error }: ErrorDialogProps) {
  const { t } = useTranslation();
  const detail = useFailureDetail(error);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      tone="error"
      title={title}
      description={text}
      actions={<Button onClick={onClose}>{t('recordings.upload.ok')}</Button>}
    >
      {detail && (
        <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
          {detail}
        </p>
      )}
    </Dialog>
  );
}

export function UploadSuccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="success"
      title={t('recordings.upload.successTitle')}
      description={t('recordings.upload.successText')}
      actions={<Button onClick={onClose}>{t('recordings.upload.ok')}</Button>}
    />
  );
}

type UploadFailedDialogProps = { failure: { error: unknown } | null; onClose: () => void };

/** "Upload Failed" with the spec's text, plus the server's message when there is one. */
export function UploadFailedDialog({ failure, onClose }: UploadFailedDialogProps) {
  const { t } = useTranslation();
  return (
    <ErrorDialog
      open={failure !== null}
      onClose={onClose}
      title={t('recordings.upload.failedTitle')}
      text={t('recordings.upload.failedText')}
      error={failure?.error}
    />
  );
}
