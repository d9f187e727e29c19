/**
 * The mailbox the SMTP catcher fills: one JSON file per received mail, named by arrival order,
 * plus the little MIME decoding the specs need (the text/plain part of what nodemailer sends).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type StoredMail = {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  /** The message exactly as received over SMTP (headers and body). */
  raw: string;
};

/** Mail files in arrival order (the catcher names them with a zero-padded sequence number). */
export async function listMailFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((name) => name.endsWith('.json')).sort();
}

export async function readMail(dir: string, name: string): Promise<StoredMail> {
  return JSON.parse(await readFile(path.join(dir, name), 'utf8')) as StoredMail;
}

type Entity = { headers: Map<string, string>; body: string };

function parseEntity(raw: string): Entity {
  const separator = /\r?\n\r?\n/.exec(raw);
  const headerBlock = separator ? raw.slice(0, separator.index) : raw;
  const body = separator ? raw.slice(separator.index + separator[0].length) : '';
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value" pairs.
  for (const line of headerBlock.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header of a raw message, with RFC 2047 encoded words (`=?UTF-8?Q?...?=`) decoded. */
export function headerValue(raw: string, name: string): string {
  const value = parseEntity(raw).headers.get(name.toLowerCase()) ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between two encoded words is not part of the text
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Quoted-printable: drop soft line breaks (`=\r\n`), then turn `=XX` escapes back into UTF-8 bytes. */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? /^[0-9A-Fa-f]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(entity.body);
  if (encoding === 'base64') return Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return entity.body;
}

function findText(entity: Entity): string | undefined {
  const contentType = entity.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(contentType)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return undefined;
    const parts = entity.body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break; // the closing delimiter
      const text = findText(parseEntity(part.replace(/^\r?\n/, '')));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return /^text\/plain/i.test(contentType) ? decodeBody(entity) : undefined;
}

/** The decoded text/plain body of a raw message (the whole body when it has no text part). */
export function mailText(raw: string): string {
  const entity = parseEntity(raw);
  return findText(entity) ?? decodeBody(entity);
}
