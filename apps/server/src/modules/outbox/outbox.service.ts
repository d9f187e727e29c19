/**
 * Owns the outbox: where e-mail goes on the embedded defaults (no SMTP_URL). The mailer adapter
 * hands each message to `keep`; a local user follows links from the table or the log.
 */
import type { Logger } from 'pino';
import type { OutboxMail, OutboxRepository } from './outbox.repository.js';

export function createOutboxService(deps: { repo: OutboxRepository; log: Logger }) {
  return {
    async keep(mail: OutboxMail): Promise<void> {
      await deps.repo.insert(mail);
      // Without SMTP the log is how a local user gets the link; only outbox mail is logged in full.
      deps.log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail kept in the outbox (no SMTP_URL)',
      );
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
