import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

type UpdatedDialogProps = { open: boolean; onClose: () => void; text: string };

/** "Updated successful" with a Confirm button (spec 1, profile). */
export function UpdatedDialog({ open, onClose, text }: UpdatedDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="success"
      title={t('profile.updated.title')}
      description={text}
      actions={<Button onClick={onClose}>{t('common.confirm')}</Button>}
    />
  );
}
