import type { UserType } from '@call-insights/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';

const USER_TYPES: readonly UserType[] = ['Location', 'Company'];

type UserTypeDialogProps = {
  open: boolean;
  onClose: () => void;
  onSync: (userType: UserType) => void;
  isSyncing?: boolean;
  initialType?: UserType;
  /** "HighLevel" or "Sandbox CRM": where the consent page will be. */
  providerLabel?: string;
};

/** "Select user type": Location or Company, then Sync or Cancel (spec 1, account settings). */
export function UserTypeDialog({
  open,
  onClose,
  onSync,
  isSyncing = false,
  initialType,
  providerLabel,
}: UserTypeDialogProps) {
  const { t } = useTranslation();
  const { t: tCrm } = useTranslation('crm');
  const [choice, setChoice] = useState<UserType>(initialType ?? 'Location');
  const labels: Record<UserType, string> = {
    Location: t('crm.userType.location'),
    Company: t('crm.userType.company'),
  };
  const hints: Record<UserType, string> = {
    Location: t('crm.syncCrm.location'),
    Company: t('crm.syncCrm.company'),
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('crm.userType.title')}
      description={t('crm.userType.description')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => onSync(choice)} isLoading={isSyncing}>
            {t('crm.userType.sync')}
          </Button>
        </>
      }
    >
      <fieldset className="mt-4">
        <legend className="sr-only">{t('crm.userType.legend')}</legend>
        <div className="space-y-3">
          {USER_TYPES.map((type) => {
            const id = `user-type-${type.toLowerCase()}`;
            return (
              <label
                key={type}
                htmlFor={id}
                className={cn(
                  'flex cursor-pointer gap-x-3 rounded-md border p-3 text-left',
                  choice === type
                    ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-500 dark:bg-indigo-500/10'
                    : 'border-gray-200 hover:bg-gray-50 dark:border-white/10 dark:hover:bg-white/5',
                )}
              >
                <input
                  id={id}
                  type="radio"
                  name="user-type"
                  value={type}
                  checked={choice === type}
                  onChange={() => setChoice(type)}
                  aria-describedby={`${id}-hint`}
                  className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                />
                <span>
                  <span className="block text-sm font-medium text-gray-900 dark:text-white">
                    {labels[type]}
                  </span>
                  <span id={`${id}-hint`} className="block text-sm text-gray-500 dark:text-gray-400">
                    {hints[type]}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {providerLabel && (
        <p className="mt-4 text-sm/6 text-gray-600 dark:text-gray-400">
          {tCrm('provider.consent', { label: providerLabel })}
        </p>
      )}
    </Dialog>
  );
}
