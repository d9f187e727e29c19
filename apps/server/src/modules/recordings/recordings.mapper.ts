/** Owns how a recording row is shown: the list item of the API and the CSV export line. */
import { EXPORT_COLUMNS, type ExportKey, type RecordingListItem } from '@call-insights/contracts/recordings';
import { formatDateTime, type ExportRow, type RecordingListRow } from './recordings.repository.js';

export function toListItem(r: RecordingListRow): RecordingListItem {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    dateAdded: r.dateAdded.toISOString(),
    file: { originalname: r.originalName, message_id: r.crmMessageId },
    crm_userId: r.crmContactId,
    crm_firstName: r.crmFirstName,
    crm_lastName: r.crmLastName,
    crm_contactName: r.crmContactName,
    crm_email: r.crmEmail,
    phone_number: r.phoneNumber,
    num_speakers: r.numSpeakers,
    duration: r.durationSec,
    location:
      r.locationId !== null && r.locationName !== null ? { id: r.locationId, name: r.locationName } : null,
    source: r.source,
    status: r.status,
    progress: r.progress,
    error: r.error,
  };
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

/** Values by export key; keys the product does not track yet (industry, targeting…) stay empty. */
export function toExportValues(r: ExportRow): (string | number | null)[] {
  const byKey: Record<ExportKey, string | number | null> = {
    created_at: formatDateTime(r.createdAt),
    transcription_text: r.transcriptText,
    user: fullName(r.userFirstName, r.userLastName),
    file_url: r.sourceUrl ?? r.originalName,
    first_name: r.crmFirstName,
    last_name: r.crmLastName,
    account_name: r.locationName,
    phone_number: r.phoneNumber,
    email: r.crmEmail,
    industry: null,
    sub_industry: null,
    location_id: r.crmLocationId,
    contact_id: r.crmContactId,
    source: r.source,
    targeting: null,
    content: null,
    last_activity_date: formatDateTime(r.updatedAt),
    rating: r.leadScore,
    summary: r.summary,
  };
  return EXPORT_COLUMNS.map(([, key]) => byKey[key]);
}
