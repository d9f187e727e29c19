import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select-field';
import { useCreateShareLink } from '../api/create-share-link';
import { useRevokeShareLink } from '../api/revoke-share-link';
import type { SharedLink } from '../hooks/use-share-flow';

/** How long "the link no longer works" stays on screen before the modal closes. */
export const REVOKED_CLOSE_MS = 2_000;

type ShareDialogProps = { open: boolean; shared: SharedLink; onClose: () => void };

/** The choices of how long a link works; `never` is the default of a new link. */
const EXPIRY_CHOICES = ['never', '7', '30', '90'] as const;
type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The choice that matches a link's current expiry (the nearest period not shorter than what is left). */
function choiceOf(expiresAt: string | null): ExpiryChoice {
  if (!expiresAt) return 'never';
  const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
  return days <= 7 ? '7' : days <= 30 ? '30' : '90';
}

/**
 * "Link copied successfully": the link (read-only, to copy by hand), how long it works (never, 7,
 * 30 or 90 days — changing it applies to this same link at once) and "Revoke link".
 */
export function ShareDialog({ open, shared, onClose }: ShareDialogProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const expiryId = useId();
  const revoke = useRevokeShareLink();
  const setExpiry = useCreateShareLink();
  const [expiresAt, setExpiresAt] = useState(shared.expiresAt);
  const [choice, setChoice] = useState<ExpiryChoice>(choiceOf(shared.expiresAt));
  const [expiryFailed, setExpiryFailed] = useState(false);

  const changeExpiry = (next: ExpiryChoice) => {
    setChoice(next);
    setExpiryFailed(false);
    setExpiry.mutate(
      { id: shared.recordingId, expiresInDays: next === 'never' ? null : (Number(next) as 7 | 30 | 90) },
      {
        onSuccess: (answer) => setExpiresAt(answer.expiresAt),
        onError: (error) => {
          console.error('Error changing the share link expiry', error);
          setExpiryFailed(true);
        },
      },
    );
  };
  const expiryText = expiresAt
    ? t('analysis.shareDialog.expiresOn', {
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(expiresAt)),
      })
    : t('analysis.shareDialog.neverExpires');
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
          <SelectField
            id={expiryId}
            label={t('analysis.shareDialog.expiryLabel')}
            hint={expiryText}
            value={choice}
            disabled={setExpiry.isPending}
            onChange={(event) => changeExpiry(event.target.value as ExpiryChoice)}
          >
            {EXPIRY_CHOICES.map((value) => (
              <option key={value} value={value}>
                {t(`analysis.shareDialog.expiry.${value}`)}
              </option>
            ))}
          </SelectField>
          {expiryFailed && <Alert tone="error">{t('analysis.shareDialog.expiryFailed')}</Alert>}
          {revokeFailed && <Alert tone="error">{t('analysis.shareDialog.revokeFailed')}</Alert>}
        </div>
      )}
    </Dialog>
  );
}
