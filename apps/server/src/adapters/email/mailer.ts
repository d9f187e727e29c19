/**
 * Owns outgoing e-mail: SMTP through nodemailer when SMTP_URL is set; otherwise each message goes
 * to the outbox sink the composition root gives (the outbox module keeps it in its table and logs
 * it), so a local user can still follow a password-reset link.
 */
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  meta?: Record<string, unknown>;
};
export type Mailer = { kind: 'smtp' | 'outbox'; send(mail: Mail): Promise<void> };

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  /** Where mail goes without SMTP. */
  outbox: (mail: Mail) => Promise<void>;
  log: Logger;
}): Mailer {
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
  return { kind: 'outbox', send: (mail) => opts.outbox(mail) };
}
