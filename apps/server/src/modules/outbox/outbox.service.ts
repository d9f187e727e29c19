/**
 * Owns the outbox: where e-mail goes on the embedded defaults (no SMTP_URL). The message itself —
 * with its working links — is delivered as a file, `DATA_DIR/outbox/<time>-<id>.eml` (readable by
 * the local user only), the local equivalent of a mailbox. The `email_outbox` table and the log keep
 * a copy whose links are masked (`lib/redact-url.ts`): neither holds a working token.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { redactUrl } from '../../lib/redact-url.js';
import type { OutboxMail, OutboxRepository } from './outbox.repository.js';

/** Masks the secret part of every link in a text (reset, invitation, share links). */
export function maskLinks(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s<>"')\]]+/g, (url) => {
    const m = /^(https?:\/\/[^/?#]+)(.*)$/.exec(url);
    return m ? `${m[1]}${redactUrl(m[2] || '/')}` : url;
  });
}

/** The message as an RFC 5322 file a mail client (or a text editor) opens. */
function toEml(mail: OutboxMail, from: string, date: Date): string {
  const header = [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${header.join('\r\n')}\r\n\r\n${mail.text.replace(/\r?\n/g, '\r\n')}\r\n`;
}

/** Orders files written in the same millisecond. */
let sequence = 0;

export function createOutboxService(deps: {
  repo: OutboxRepository;
  dir: string;
  from: string;
  log: Logger;
}) {
  return {
    async keep(mail: OutboxMail): Promise<void> {
      const now = new Date();
      sequence = (sequence + 1) % 1_000_000;
      const stamp = now.toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(sequence).padStart(6, '0')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(deps.dir, name);
      await fs.mkdir(deps.dir, { recursive: true, mode: 0o700 });
      await fs.writeFile(file, toEml(mail, deps.from, now), { mode: 0o600 });
      await deps.repo.insert({
        ...mail,
        text: maskLinks(mail.text),
        ...(mail.html !== undefined ? { html: maskLinks(mail.html) } : {}),
      });
      deps.log.info(
        { to: mail.to, subject: mail.subject, file },
        'mail delivered to the local outbox folder (no SMTP_URL): open the file to follow its link',
      );
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
