import type { ManagerUser } from '@call-insights/contracts/manager';
import { Role } from '@call-insights/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/text-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { paths } from '../../../config/paths';
import { useApiErrorText } from '../../../hooks/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { roleName, userTypeName } from '../../../lib/role-names';
import { useChangeRole, useRemoveMember } from '../api/manager';
import { minutesSeconds } from './format';

type MemberDialogProps = {
  member: ManagerUser | null;
  isAdmin: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
};

function fullName(member: ManagerUser): string {
  return `${member.firstname} ${member.lastname}`.trim() || member.username;
}

/**
 * A member's details, from their row: their recordings count and talk time. Admins change the role
 * or remove the member here (after a confirmation); the server's refusal (the last admin) is shown.
 */
export function MemberDialog({ member, isAdmin, onClose, onDone }: MemberDialogProps) {
  const { t, i18n } = useTranslation('teams');
  const apiErrorText = useApiErrorText();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [role, setRole] = useState<Role | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setRole(null);
    setConfirming(false);
    setFailure(null);
    changeRole.reset();
    remove.reset();
    onClose();
  };
  // Conflicts (the last admin) and not-found carry a message meant for the user.
  const showError = (error: unknown) =>
    setFailure(
      isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : apiErrorText(error),
    );

  if (!member) return null;
  const name = fullName(member);
  const chosenRole = role ?? member.role;

  if (confirming) {
    return (
      <Dialog
        open
        role="alertdialog"
        tone="error"
        onClose={close}
        title={t('member.removeTitle', { name })}
        description={t('member.removeDescription', { name })}
        actions={
          <>
            <Button
              variant="danger"
              isLoading={remove.isPending}
              onClick={() =>
                remove.mutate(member.id, {
                  onSuccess: () => {
                    onDone(t('member.removed', { name }));
                    close();
                  },
                  onError: showError,
                })
              }
            >
              {t('member.removeConfirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel', { ns: 'translation' })}
            </Button>
          </>
        }
      >
        {failure && (
          <Alert tone="error" className="mt-4">
            {failure}
          </Alert>
        )}
      </Dialog>
    );
  }

  const rows: [string, string][] = [
    [t('member.username'), member.username],
    [t('member.email'), member.email],
    [t('member.role'), roleName(member.role, t).toLocaleUpperCase(i18n.language)],
    [t('member.userType'), userTypeName(member.user_type, t)],
    [t('member.recordings'), String(member.recordings)],
    [t('member.duration'), minutesSeconds(member.userMinTime, member.userSecTime)],
  ];

  return (
    <Dialog
      open
      onClose={close}
      title={t('member.title', { name })}
      actions={
        <>
          {isAdmin && (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('member.remove')}
            </Button>
          )}
          <Button variant="secondary" onClick={close}>
            {t('common.close', { ns: 'translation' })}
          </Button>
        </>
      }
    >
      <dl className="mt-4 divide-y divide-gray-100 text-sm dark:divide-white/10">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-x-4 py-2">
            <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
            <dd className="font-medium text-gray-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-gray-500 dark:text-gray-400">
        {t('member.recordingsNote')}{' '}
        <TextLink to={paths.main.recordings.getHref()}>
          {t('nav.callInsights', { ns: 'translation' })}
        </TextLink>
      </p>
      {failure && (
        <Alert tone="error" className="mt-4">
          {failure}
        </Alert>
      )}
      {isAdmin && (
        <div className="mt-4 flex items-end gap-x-3">
          <SelectField
            id="member-role"
            label={t('member.changeRole')}
            className="flex-1"
            value={chosenRole}
            onChange={(event) => {
              const next = Role.safeParse(event.target.value);
              if (next.success) setRole(next.data);
            }}
          >
            {Role.options.map((option) => (
              <option key={option} value={option}>
                {t(`roles.${option}`)}
              </option>
            ))}
          </SelectField>
          <Button
            isLoading={changeRole.isPending}
            disabled={chosenRole === member.role}
            onClick={() =>
              changeRole.mutate(
                { id: member.id, role: chosenRole },
                {
                  onSuccess: (updated) => {
                    onDone(t('member.roleChanged', { name, role: t(`roles.${updated.role}`) }));
                    close();
                  },
                  onError: showError,
                },
              )
            }
          >
            {t('member.saveRole')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
