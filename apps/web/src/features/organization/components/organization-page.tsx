import { AuditAction } from '@call-insights/contracts/audit';
import { auditApi } from '@call-insights/contracts/audit.routes';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess, hasRole } from '../../../components/role-gate';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSection } from '../../../components/ui/page-section';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/auth';
import { fetchFile, saveBlob } from '../../../lib/transfer';
import {
  auditQueryOptions,
  retentionPreviewQueryOptions,
  settingsQueryOptions,
  useRunRetention,
  useUpdateSettings,
} from '../api/organization';

const RETENTION_CHOICES = [30, 90, 180, 365, 730] as const;

function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 rounded border-gray-300 text-indigo-600 focus-visible:outline-indigo-600"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="text-sm/6 font-medium text-gray-900 dark:text-white">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm/6 text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** `canEdit` is false for non-admins: the settings are shown, their controls disabled. */
function RedactionSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('organization');
  const settings = useQuery(settingsQueryOptions());
  const update = useUpdateSettings();
  if (!settings.data)
    return settings.isError ? (
      <Alert tone="error">{t('loadFailed')}</Alert>
    ) : (
      <Spinner label={t('loading')} />
    );
  return (
    <PageSection
      titleId="redaction-title"
      title={t('redaction.title')}
      description={t('redaction.description')}
    >
      <div className="space-y-5">
        <Toggle
          id="redact-emails"
          label={t('redaction.emails')}
          hint={t('redaction.emailsHint')}
          checked={settings.data.redact_emails}
          disabled={!canEdit || update.isPending}
          onChange={(value) => update.mutate({ redact_emails: value })}
        />
        <Toggle
          id="redact-phones"
          label={t('redaction.phones')}
          hint={t('redaction.phonesHint')}
          checked={settings.data.redact_phones}
          disabled={!canEdit || update.isPending}
          onChange={(value) => update.mutate({ redact_phones: value })}
        />
        {update.isError && <Alert tone="error">{update.error.message}</Alert>}
      </div>
    </PageSection>
  );
}

function RetentionSection({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('organization');
  const settings = useQuery(settingsQueryOptions());
  const update = useUpdateSettings();
  const run = useRunRetention();
  const [choice, setChoice] = useState<number | null | undefined>(undefined);
  const current = settings.data?.retention_days ?? null;
  const selected = choice === undefined ? current : choice;
  // The dry run is for admins only (the server refuses the others): only they can change the period.
  const preview = useQuery({ ...retentionPreviewQueryOptions(selected), enabled: canEdit });
  if (!settings.data) return null;
  const changed = selected !== current;
  return (
    <PageSection
      titleId="retention-title"
      title={t('retention.title')}
      description={t('retention.description')}
    >
      <div className="max-w-xl space-y-4">
        <SelectField
          id="retention-days"
          label={t('retention.keep')}
          value={selected === null ? '' : String(selected)}
          disabled={!canEdit}
          onChange={(e) => setChoice(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{t('retention.forever')}</option>
          {RETENTION_CHOICES.map((days) => (
            <option key={days} value={days}>
              {t('retention.days', { count: days })}
            </option>
          ))}
        </SelectField>
        {canEdit && selected !== null && preview.data && (
          <p role="status" className="text-sm/6 text-gray-700 dark:text-gray-300">
            {preview.data.count === 0
              ? t('retention.previewNone')
              : t('retention.preview', {
                  count: preview.data.count,
                  oldest: preview.data.oldest
                    ? new Date(preview.data.oldest).toLocaleDateString(i18n.language)
                    : '',
                })}
          </p>
        )}
        {canEdit && (
          <div className="flex gap-3">
            <Button
              disabled={!changed}
              isLoading={update.isPending}
              onClick={() =>
                update.mutate({ retention_days: selected ?? null }, { onSuccess: () => setChoice(undefined) })
              }
            >
              {t('retention.save')}
            </Button>
            {current !== null && !changed && (
              <Button variant="secondary" isLoading={run.isPending} onClick={() => run.mutate()}>
                {t('retention.runNow')}
              </Button>
            )}
          </div>
        )}
        {run.isSuccess && <Alert tone="success">{t('retention.queued')}</Alert>}
        {(update.isError || run.isError) && (
          <Alert tone="error">{(update.error ?? run.error)?.message}</Alert>
        )}
      </div>
    </PageSection>
  );
}

function AuditSection() {
  const { t, i18n } = useTranslation('organization');
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  const audit = useInfiniteQuery(auditQueryOptions(action));
  const [exporting, setExporting] = useState(false);
  const events = audit.data?.pages.flatMap((p) => p.events) ?? [];
  const download = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await fetchFile(auditApi.exportCsv.path, { query: { action } });
      saveBlob(blob, fileName ?? 'audit.csv');
    } finally {
      setExporting(false);
    }
  };
  return (
    <PageSection titleId="audit-title" title={t('audit.title')} description={t('audit.description')}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            id="audit-action"
            label={t('audit.filter')}
            value={action ?? ''}
            onChange={(e) => setAction(e.target.value === '' ? undefined : (e.target.value as AuditAction))}
          >
            <option value="">{t('audit.allActions')}</option>
            {AuditAction.options.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a}`)}
              </option>
            ))}
          </SelectField>
          <Button variant="secondary" isLoading={exporting} onClick={() => void download()}>
            {t('audit.export')}
          </Button>
        </div>
        {audit.isLoading && <Spinner label={t('loading')} />}
        {audit.isError && <Alert tone="error">{t('loadFailed')}</Alert>}
        {audit.data && events.length === 0 && (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('audit.empty')}</p>
        )}
        {events.length > 0 && (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-white/10">
              <caption className="sr-only">{t('audit.title')}</caption>
              <thead>
                <tr className="text-left font-semibold text-gray-900 dark:text-white">
                  <th scope="col" className="py-2 pr-3">
                    {t('audit.columns.when')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('audit.columns.action')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('audit.columns.who')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('audit.columns.target')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('audit.columns.from')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 text-gray-600 dark:divide-white/5 dark:text-gray-400">
                {events.map((e) => (
                  <tr key={e.id}>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {new Date(e.createdAt).toLocaleString(i18n.language)}
                    </td>
                    <td className="px-3 py-2">{t(`audit.actions.${e.action}`)}</td>
                    <td className="px-3 py-2">{e.actor ? `${e.actor.username} (${e.actor.email})` : '—'}</td>
                    <td className="px-3 py-2">{e.target ?? '—'}</td>
                    <td className="px-3 py-2" title={e.userAgent ?? undefined}>
                      {e.ip ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {audit.hasNextPage && (
          <Button
            variant="secondary"
            isLoading={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            {t('audit.more')}
          </Button>
        )}
      </div>
    </PageSection>
  );
}

/**
 * Organization settings for admins: redaction, retention (with its dry run) and the audit log.
 * Other members see the redaction and retention in force, read-only, under a notice; the audit log
 * and the dry run, which the server keeps for admins, are not asked for.
 */
export function OrganizationPage() {
  const { t } = useTranslation('organization');
  const { data: user, isLoading } = useCurrentUser();
  if (!user) return isLoading ? <Spinner label={t('loading')} /> : null;
  const isAdmin = hasRole(user.role, 'admin');
  return (
    <div className="space-y-8">
      {!isAdmin && <NoAccess>{t('adminOnly')}</NoAccess>}
      <div className="divide-y divide-gray-200 dark:divide-white/10">
        <RedactionSection canEdit={isAdmin} />
        <RetentionSection canEdit={isAdmin} />
        {isAdmin && <AuditSection />}
      </div>
    </div>
  );
}
