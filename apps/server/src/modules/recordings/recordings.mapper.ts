/** Owns how a recording row is shown in the list of the API (the CSV export: recordings.repository.ts, in SQL). */
import type { RecordingListItem } from '@call-insights/contracts/recordings';
import type { Role } from '@call-insights/contracts/users';
import { storedMessageText, storedSetupText, type Language } from '../../i18n/translate.js';
import type { RecordingListRow } from './recordings.repository.js';

export function toListItem(r: RecordingListRow, lang: Language, role: Role): RecordingListItem {
  return {
    id: r.id,
    createdAt: r.createdAt,
    dateAdded: r.dateAdded,
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
    error: storedMessageText(lang, r.errorDetail, r.error),
    error_setup: storedSetupText(lang, role, r.errorDetail),
  };
}
