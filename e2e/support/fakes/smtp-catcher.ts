/**
 * The mail server of the e2e run: accepts every message on 127.0.0.1 (no TLS, no auth) and
 * writes it as `{ to, subject, raw }` JSON into the mailbox directory, where the `mailbox`
 * fixture reads it.
 */
import { rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { headerValue, type StoredMail } from '../mail.js';
import type { Fake } from './fake.js';

export async function startSmtpCatcher(mailboxDir: string): Promise<Fake> {
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          subject: headerValue(raw, 'subject'),
          raw,
        };
        sequence += 1;
        const file = path.join(mailboxDir, `${String(sequence).padStart(6, '0')}.json`);
        // Write then rename, so a reader never sees half a file.
        writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2))
          .then(() => rename(`${file}.tmp`, file))
          .then(() => callback(), callback);
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    name: 'smtp',
    env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
