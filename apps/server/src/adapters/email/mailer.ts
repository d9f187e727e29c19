/**
 * Owns outgoing e-mail: SMTP through nodemailer when SMTP_URL is set; otherwise an outbox table
 * plus a log line, so a local user can still follow a password-reset link.
 */
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  meta?: Record<string, unknown>;
};
export type Mailer = { kind: 'smtp' | 'outbox'; send(mail: Mail): Promise<void> };

export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent by SMTP');
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await opts.db.insert(emailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        meta: mail.meta ?? null,
      });
      // Without SMTP the log is how a local user gets the link; only outbox mail is logged in full.
      opts.log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'mail kept in the outbox (no SMTP_URL)',
      );
    },
  };
}
