import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

type DeleteChatDialogProps = { title: string | null; onCancel: () => void; onConfirm: () => void };

/** "Delete chat?" with Cancel and Delete. */
export function DeleteChatDialog({ title, onCancel, onConfirm }: DeleteChatDialogProps) {
  const { t } = useTranslation('assistant');
  return (
    <Dialog
      open={title !== null}
      onClose={onCancel}
      role="alertdialog"
      tone="error"
      title={t('deleteDialog.title')}
      description={t('deleteDialog.text', { title: title ?? '' })}
      actions={
        <>
          <Button variant="danger" onClick={onConfirm}>
            {t('deleteDialog.confirm')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('deleteDialog.cancel')}
          </Button>
        </>
      }
    />
  );
}
