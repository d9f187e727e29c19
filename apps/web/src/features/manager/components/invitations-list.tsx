import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useApiErrorText } from '../../../hooks/use-error-text';
import { isApiError } from '../../../lib/api-client';
import { invitationsQueryOptions, useRevokeInvitation } from '../api/manager';

/** The organization's pending invitations with a Revoke button each (admins only). */
export function InvitationsList({ onDone }: { onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation('teams');
  const apiErrorText = useApiErrorText();
  const invitations = useQuery(invitationsQueryOptions());
  const revoke = useRevokeInvitation();
  const pending = (invitations.data ?? []).filter((invitation) => invitation.status === 'pending');
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <section aria-labelledby="invitations-title" className="mt-10">
      <h2 id="invitations-title" className="text-base font-semibold text-gray-900 dark:text-white">
        {t('invitations.title')}
      </h2>
      {revoke.error && (
        <Alert tone="error" className="mt-3">
          {isApiError(revoke.error) && revoke.error.status === 404
            ? revoke.error.message
            : apiErrorText(revoke.error)}
        </Alert>
      )}
      {invitations.isSuccess && pending.length === 0 && (
        <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{t('invitations.none')}</p>
      )}
      {pending.length > 0 && (
        <ul
          role="list"
          className="mt-3 divide-y divide-gray-100 rounded-lg ring-1 ring-gray-900/5 dark:divide-white/10 dark:ring-white/10"
        >
          {pending.map((invitation) => (
            <li key={invitation.id} className="flex items-center justify-between gap-x-4 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-gray-900 dark:text-white">
                  {invitation.email}
                </p>
                <p className="text-xs text-gray-500 dark:text-gray-400">
                  {t(`roles.${invitation.role}`)} ·{' '}
                  {t('invitations.expires', { date: dateFormat.format(new Date(invitation.expiresAt)) })}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('invitations.revokeLabel', { email: invitation.email })}
                isLoading={revoke.isPending && revoke.variables === invitation.id}
                onClick={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () => onDone(t('invitations.revoked', { email: invitation.email })),
                  })
                }
              >
                {t('invitations.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
