import { INVITATION_TTL_DAYS, InviteRequest } from '@call-insights/contracts/members';
import { Role } from '@call-insights/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select-field';
import { useApiErrorText, useErrorText } from '../../../hooks/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { inviteLocationsQueryOptions, useInvite } from '../api/manager';

type InviteDialogProps = { open: boolean; onClose: () => void; onSent: (email: string) => void };

type Draft = { email: string; role: Role; locationIds: number[] };
const emptyDraft: Draft = { email: '', role: 'user', locationIds: [] };

/** "Add user": e-mail, role and, optionally, CRM accounts → POST /users/invite (admins only). */
export function InviteDialog({ open, onClose, onSent }: InviteDialogProps) {
  const { t } = useTranslation('teams');
  const errorText = useErrorText();
  const apiErrorText = useApiErrorText();
  const invite = useInvite();
  const locations = useQuery({ ...inviteLocationsQueryOptions(), enabled: open });
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setDraft(emptyDraft);
    setEmailError(undefined);
    setFailure(null);
    invite.reset();
    onClose();
  };

  const toggleLocation = (id: number, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      locationIds: checked
        ? [...current.locationIds, id]
        : current.locationIds.filter((candidate) => candidate !== id),
    }));

  const submit = () => {
    const parsed = InviteRequest.safeParse({
      email: draft.email,
      role: draft.role,
      ...(draft.locationIds.length > 0 ? { location_ids: draft.locationIds } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((candidate) => candidate.path[0] === 'email');
      setEmailError(errorText(issue ? { message: issue.message } : undefined));
      return;
    }
    setEmailError(undefined);
    setFailure(null);
    invite.mutate(parsed.data, {
      onSuccess: (invitation) => {
        onSent(invitation.email);
        close();
      },
      onError: (error) => {
        const field = isApiError(error)
          ? error.fields.find((candidate) => candidate.path === 'email')
          : undefined;
        if (field) setEmailError(errorText({ message: field.message }));
        // The server's refusals (an address with an account, an unknown account) are shown as they are.
        else
          setFailure(
            isApiError(error) && error.status < 500 && error.status > 0 ? error.message : apiErrorText(error),
          );
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const available = locations.data ?? [];

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('invite.title')}
      description={t('invite.description', { days: INVITATION_TTL_DAYS })}
      actions={
        <>
          <Button isLoading={invite.isPending} onClick={submit}>
            {t('invite.send')}
          </Button>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel', { ns: 'translation' })}
          </Button>
        </>
      }
    >
      <form id="invite-form" onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Input
          id="invite-email"
          label={t('invite.email')}
          type="email"
          autoComplete="off"
          required
          value={draft.email}
          error={emailError}
          onChange={(event) => setDraft((current) => ({ ...current, email: event.target.value }))}
        />
        <SelectField
          id="invite-role"
          label={t('invite.role')}
          value={draft.role}
          onChange={(event) => {
            const role = Role.safeParse(event.target.value);
            if (role.success) setDraft((current) => ({ ...current, role: role.data }));
          }}
        >
          {Role.options.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend className="text-sm/6 font-medium text-gray-900 dark:text-white">
            {t('invite.locations')}
          </legend>
          {available.length === 0 ? (
            <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{t('invite.noLocations')}</p>
          ) : (
            <div className="mt-2 max-h-40 space-y-2 overflow-y-auto">
              {available.map((location) => (
                <label
                  key={location.id}
                  className="flex items-center gap-x-2 text-sm text-gray-700 dark:text-gray-300"
                >
                  <input
                    type="checkbox"
                    className="size-4 rounded border-gray-300 text-indigo-600"
                    checked={draft.locationIds.includes(location.id)}
                    onChange={(event) => toggleLocation(location.id, event.target.checked)}
                  />
                  {location.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
