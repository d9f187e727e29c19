import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isForbidden } from '../../../components/role-gate';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { reapplyRunQueryOptions, useStartReapply } from '../api/trackers';

/**
 * Shown after a tracker changed: older calls keep their mentions until the trackers are
 * re-applied; the button starts the background run and its progress is followed here.
 */
export function ReapplyBanner() {
  const { t } = useTranslation('trackers');
  const start = useStartReapply();
  const [runId, setRunId] = useState<number | null>(null);
  const run = useQuery(reapplyRunQueryOptions(runId)).data ?? start.data;

  if (run?.status === 'done') return <Alert tone="success">{t('reapply.done', { total: run.total })}</Alert>;
  if (run?.status === 'running') {
    return <Alert tone="info">{t('reapply.running', { processed: run.processed, total: run.total })}</Alert>;
  }
  return (
    <Alert tone={start.isError ? 'error' : 'info'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>
          {isForbidden(start.error)
            ? t('page.forbidden')
            : start.isError
              ? t('reapply.failed')
              : t('reapply.offer')}
        </span>
        <Button
          size="sm"
          isLoading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: (created) => setRunId(created.id) })}
        >
          {t('reapply.start')}
        </Button>
      </div>
    </Alert>
  );
}
