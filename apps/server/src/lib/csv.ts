/**
 * Owns CSV encoding: RFC 4180 quoting, and neutralising cells that a spreadsheet would run as a
 * formula (leading = + - @, tab or carriage return) by prefixing an apostrophe.
 */
import { Transform } from 'node:stream';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/**
 * Rewrites PostgreSQL's `COPY … (FORMAT csv)` output (rows end with LF) to the export's line ends
 * (CRLF, as csvLine writes them), after `prefix` (BOM and header). A LF inside a quoted value is data
 * and stays; quotes only occur in quoted values, doubled inside them, so each one flips the state
 * (both are ASCII bytes, never part of a UTF-8 sequence, so chunks may split anywhere).
 */
export function crlfRows(prefix: string): Transform {
  let quoted = false;
  const out = new Transform({
    readableHighWaterMark: 256 * 1024,
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = [];
      let start = 0;
      let pos = 0;
      let nextQuote = chunk.indexOf(QUOTE);
      let nextLf = chunk.indexOf(LF);
      for (;;) {
        if (quoted) {
          if (nextQuote === -1) break;
          quoted = false;
          pos = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, pos);
          continue;
        }
        if (nextLf !== -1 && nextLf < pos) nextLf = chunk.indexOf(LF, pos);
        if (nextQuote !== -1 && (nextLf === -1 || nextQuote < nextLf)) {
          quoted = true;
          pos = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, pos);
          continue;
        }
        if (nextLf === -1) break;
        parts.push(chunk.subarray(start, nextLf), CRLF);
        start = pos = nextLf + 1;
        nextLf = chunk.indexOf(LF, pos);
      }
      parts.push(chunk.subarray(start));
      done(null, Buffer.concat(parts));
    },
  });
  out.push(prefix);
  return out;
}
