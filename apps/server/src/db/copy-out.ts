/**
 * Owns `COPY (SELECT …) TO STDOUT` on PostgreSQL: the SELECT's values inlined as literals (COPY takes
 * no parameters) and the output streamed from a client of the pool, which goes back to the pool when
 * the stream ends and is closed (the backend's query stops with it) when the stream is left early.
 */
import type { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * A value of a query as an SQL literal: safe integers as digits, strings through the driver's
 * `escapeLiteral`. Anything else is refused, so nothing reaches the SQL text unchecked.
 */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new TypeError(`COPY: a ${typeof value} value cannot be inlined`);
}

/**
 * A parameterised statement (`$1`, `$2`, … as Drizzle writes them) with its values inlined; every
 * placeholder must name a value, and every value must be used.
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  const used = new Set<number>();
  const inlined = text.replace(/\$(\d+)\b/g, (_match, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`COPY: no value for $${n}`);
    used.add(i);
    return sqlLiteral(params[i]);
  });
  if (used.size !== params.length) throw new Error('COPY: a value of the statement is not used');
  return inlined;
}

/**
 * Streams `COPY (select) TO STDOUT WITH (FORMAT csv)`: a client is checked out before this resolves
 * (no connection, no stream). The stream pauses the connection while its reader is behind, so memory
 * stays flat. Destroying it before its end closes the connection: PostgreSQL ends the query as soon as
 * it cannot send, and the pool opens a fresh connection when it needs one.
 */
export async function copyCsvOut(pool: pg.Pool, select: string): Promise<Readable> {
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err ?? false);
  };
  let stream: Readable;
  try {
    stream = client.query(copyTo(`copy (${select}) to stdout with (format csv)`));
  } catch (err) {
    release(err as Error);
    throw err;
  }
  // Kept for the stream's whole life: a closed connection reports to its query after the stream is gone.
  stream.on('error', (err: Error) => release(err));
  stream.on('close', () => release(stream.readableEnded ? undefined : new Error('COPY left before its end')));
  return stream;
}
