/** Test helper: the mail the outbox delivered to an address (its .eml files in DATA_DIR/outbox). */
import fs from 'node:fs';
import path from 'node:path';

/** The bodies of every outbox mail to `to`, oldest first (file names sort by time). */
export function outboxMailsTo(dataDir: string, to: string): string[] {
  return outboxMessagesTo(dataDir, to).map((m) => m.body);
}

/** Every outbox mail to `to` as its subject and body, oldest first. */
export function outboxMessagesTo(dataDir: string, to: string): { subject: string; body: string }[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .filter((eml) => new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\r?$`, 'im').test(eml))
    .map((eml) => {
      const head = eml.slice(0, eml.indexOf('\r\n\r\n'));
      return {
        subject: /^Subject: (.*)$/m.exec(head)?.[1]?.trimEnd() ?? '',
        body: eml.slice(head.length + 4),
      };
    });
}
