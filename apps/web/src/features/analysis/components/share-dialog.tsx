import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useRevokeShareLink } from '../api/revoke-share-link';
import type { SharedLink } from '../hooks/use-share-flow';

/** How long "the link no longer works" stays on screen before the modal closes. */
export const REVOKED_CLOSE_MS = 2_000;

type ShareDialogProps = { open: boolean; shared: SharedLink; onClose: () => void };

/** "Link copied successfully": the link (read-only, to copy by hand) and "Revoke link". */
export function ShareDialog({ open, shared, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const revoke = useRevokeShareLink();
  const [revoked, setRevoked] = useState(false);
  const [revokeFailed, setRevokeFailed] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleRevoke = () => {
    setRevokeFailed(false);
    revoke.mutate(shared.token, {
      onSuccess: () => {
        setRevoked(true);
        timer.current = window.setTimeout(onClose, REVOKED_CLOSE_MS);
      },
      onError: (error) => {
        console.error('Error revoking the share link', error);
        setRevokeFailed(true);
      },
    });
  };

  const [title, description] = revoked
    ? [t('analysis.shareDialog.revokedTitle'), t('analysis.shareDialog.revokedText')]
    : shared.copied
      ? [t('analysis.shareDialog.copiedTitle'), t('analysis.shareDialog.copiedText')]
      : [t('analysis.shareDialog.manualTitle'), t('analysis.shareDialog.manualText')];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone={revoked ? 'info' : shared.copied ? 'success' : 'info'}
      title={title}
      description={description}
      actions={
        revoked ? (
          <Button onClick={onClose}>{t('common.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button variant="danger" isLoading={revoke.isPending} onClick={handleRevoke}>
              {t('analysis.shareDialog.revoke')}
            </Button>
          </>
        )
      }
    >
      {!revoked && (
        <div className="mt-4 space-y-3">
          <Input
            id={inputId}
            label={t('analysis.shareDialog.linkLabel')}
            value={shared.link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          {revokeFailed && <Alert tone="error">{t('analysis.shareDialog.revokeFailed')}</Alert>}
        </div>
      )}
    </Dialog>
  );
}
