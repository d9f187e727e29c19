/**
 * Owns the CRM write-back: after a CRM call is analysed, and when its organization turned
 * write-back on, a short note (summary, result, next step, link to the analysis) goes onto the
 * HighLevel contact, once. The `crm-write-back` job checks the contact's notes for the analysis
 * link before writing, so a job killed after HighLevel saved the note does not write it twice.
 */
import type { Analysis } from '@call-insights/contracts/analysis';
import type { Logger } from 'pino';
import type { HighLevelClient } from '../../adapters/highlevel/client.js';
import { isHighLevelError } from '../../adapters/highlevel/errors.js';
import { handleJob } from '../../jobs/queue.js';
import type { LocationsService } from '../locations/locations.service.js';
import type { RecordingsService } from '../recordings/recordings.service.js';
import type { CrmRepository } from './crm.repository.js';
import { crmWriteBackJob } from './crm.jobs.js';

export type WriteBackDeps = {
  repo: CrmRepository;
  recordings: Pick<RecordingsService, 'crmContext'>;
  locations: Pick<LocationsService, 'tokenSource'>;
  analysisFor(organizationId: number, recordingId: number): Promise<Analysis | null>;
  client: () => Promise<HighLevelClient>;
  publicUrl: string;
  retryLimit: number;
  log: Logger;
};

const RESULT_TEXT: Record<Analysis['result_class'], string> = {
  appointment: 'Appointment booked',
  follow_up: 'Follow-up',
  not_interested: 'Not interested',
  other: 'Other',
};

export const analysisLinkOf = (publicUrl: string, recordingId: number) =>
  `${publicUrl.replace(/\/$/, '')}/main/call-analysis/${recordingId}`;

/** The note's text (plain, short; HighLevel shows notes as text). */
export function noteBody(analysis: Analysis, link: string): string {
  return [
    'Call Insights analysis',
    `Summary: ${analysis.call_summary}`,
    `Result: ${RESULT_TEXT[analysis.result_class]}`,
    `Next step: ${analysis.call_results}`,
    `Analysis: ${link}`,
  ].join('\n');
}

export function createWriteBack(deps: WriteBackDeps) {
  const { repo, log } = deps;

  async function writeBack(recordingId: number, attempt: number, jobLog: Logger): Promise<void> {
    const rec = await deps.recordings.crmContext(recordingId);
    if (!rec || rec.source !== 'crm' || !rec.crmContactId || rec.locationId === null) return;
    if (!(await repo.settings(rec.organizationId)).writeBack) return;
    if (await repo.writeBackDone(recordingId)) return;
    const analysis = await deps.analysisFor(rec.organizationId, recordingId);
    if (!analysis) return;
    const client = await deps.client();
    const link = analysisLinkOf(deps.publicUrl, recordingId);
    try {
      const token = await deps.locations.tokenSource(rec.locationId);
      const notes = await client.listNotes(token, rec.crmContactId);
      const already = notes.find((n) => typeof n.body === 'string' && n.body.includes(link));
      const note = already ?? (await client.addNote(token, rec.crmContactId, noteBody(analysis, link)));
      await repo.recordWriteBack(recordingId, rec.organizationId, note.id ?? null);
      jobLog.info(
        { recordingId, noteId: note.id, reused: Boolean(already) },
        'analysis note written to HighLevel',
      );
    } catch (err) {
      const retryable = isHighLevelError(err, 'TEMPORARY') || isHighLevelError(err, 'RATE_LIMITED');
      if (retryable && attempt < deps.retryLimit) throw err;
      // Reconnect needed, contact deleted, refused: nothing a retry fixes. Logged with the trace id.
      log.warn({ err, recordingId }, 'analysis note not written to HighLevel');
    }
  }

  return {
    job: handleJob(crmWriteBackJob, async ({ recordingId }, { attempt, log: jobLog }) =>
      writeBack(recordingId, attempt, jobLog),
    ),
    writeBack,
  };
}
