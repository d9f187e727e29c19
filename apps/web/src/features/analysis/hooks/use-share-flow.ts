import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateShareLink } from '../api/create-share-link';

/** Spec: the "Copied" text shows for 2 seconds. */
export const COPIED_NOTICE_MS = 2_000;

/** `attempt` tells two shares of the same link apart, so each opens a fresh modal. */
export type SharedLink = {
  recordingId: number;
  link: string;
  token: string;
  /** When the link stops working (ISO 8601), or null: never. */
  expiresAt: string | null;
  copied: boolean;
  attempt: number;
};

async function copyToClipboard(text: string, unavailableMessage: string): Promise<void> {
  // Missing outside secure contexts (plain http on another host than localhost).
  if (!navigator.clipboard?.writeText) throw new Error(unavailableMessage);
  await navigator.clipboard.writeText(text);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Share (spec 4): request the link (the button shows a loader), copy it, show "Copied" for 2 s and
 * open the share modal. A failed copy shows an alert with the error; the modal still opens with
 * the link so it can be copied by hand. A failed link request is only logged (spec 8).
 */
export function useShareFlow(recordingId: number) {
  const { t } = useTranslation();
  const createLink = useCreateShareLink();
  const [copiedNotice, setCopiedNotice] = useState(false);
  const [shared, setShared] = useState<SharedLink | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const attempts = useRef(0);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const share = useCallback(() => {
    createLink.mutate(
      { id: recordingId },
      {
        onSuccess: async ({ link, token, expiresAt }) => {
          let copied = false;
          try {
            await copyToClipboard(link, t('analysis.shareDialog.clipboardUnavailable'));
            copied = true;
          } catch (error) {
            console.error('Error copying the share link', error);
            window.alert(t('analysis.shareDialog.copyFailed', { message: messageOf(error) }));
          }
          if (copied) {
            setCopiedNotice(true);
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => setCopiedNotice(false), COPIED_NOTICE_MS);
          }
          attempts.current += 1;
          setShared({ recordingId, link, token, expiresAt, copied, attempt: attempts.current });
          setDialogOpen(true);
        },
        onError: (error) => console.error('Error generating the share link', error),
      },
    );
  }, [createLink, recordingId, t]);

  return {
    share,
    isPending: createLink.isPending,
    copiedNotice,
    shared,
    dialogOpen,
    closeDialog: useCallback(() => setDialogOpen(false), []),
  };
}
