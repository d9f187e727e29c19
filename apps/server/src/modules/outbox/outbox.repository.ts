/** Owns the `email_outbox` table: mail kept when no SMTP server is configured. */
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  meta?: Record<string, unknown>;
};

export function createOutboxRepository(db: Db) {
  return {
    async insert(mail: OutboxMail): Promise<void> {
      await db.insert(emailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        meta: mail.meta ?? null,
      });
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
