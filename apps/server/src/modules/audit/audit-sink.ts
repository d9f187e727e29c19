/** What other modules need of the audit log: recording an event (the audit service implements it). */
import type { AuditRecord } from './audit.service.js';

export type AuditSink = { record(event: AuditRecord): Promise<void> };
