/**
 * Owns `COPY (SELECT …) TO STDOUT` on PostgreSQL: the SELECT's values inlined as literals (COPY takes
 * no parameters) and the output streamed from a client of the pool, which goes back to the pool when
 * the stream ends and is closed (the backend's query stops with it) when the stream is left early.
 */
import { Readable } from 'node:stream';
import pg from 'pg';

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

// Backend messages (PostgreSQL frontend/backend protocol): a code byte, then a length that counts itself.
const COPY_DATA = 0x64; // d
const COPY_DONE = 0x63; // c
const ERROR_RESPONSE = 0x45; // E
const HEADER = 5;
const LF = 0x0a;
const CR = 0x0d;

type DataHandler = (chunk: Buffer) => void;

/**
 * The rows of a `COPY … TO STDOUT WITH (FORMAT csv)` as they arrive, each row's LF end made CRLF.
 * While the COPY lasts it reads the connection's socket itself (as pg-copy-streams does: the driver's
 * parser would make an object of every row) and only as fast as it is read, so a slow reader pauses
 * the socket and PostgreSQL. Every CopyData message is one row ("always one per row", protocol
 * documentation), so a row end is the last byte of a message: no quote tracking, and each row is
 * copied once, straight into the chunk pushed. An ErrorResponse and whatever follows CopyDone go back
 * to the driver, which reports them as for any query.
 */
class CsvCopyOut extends Readable implements pg.Submittable {
  private connection: pg.Connection | undefined;
  private driverData: DataHandler | undefined;
  private readonly header = Buffer.alloc(HEADER);
  private headerBytes = 0;
  private inHeader = true;
  private code = 0;
  /** Payload bytes of the current message not yet seen. */
  private left = 0;
  private wanted = false;
  private reading = false;
  private attached = false;
  private readonly onReadable = () => this.forward();

  constructor(
    private readonly text: string,
    prefix: string,
  ) {
    super({ highWaterMark: 256 * 1024 });
    if (prefix) this.push(prefix);
  }

  submit(connection: pg.Connection): void {
    this.connection = connection;
    const socket = connection.stream;
    const listeners = socket.listeners('data');
    if (listeners.length !== 1) throw new Error('COPY: the connection has no single data listener');
    this.driverData = listeners[0] as DataHandler;
    socket.removeListener('data', this.driverData);
    socket.pause();
    socket.on('readable', this.onReadable);
    this.attached = true;
    connection.query(this.text);
  }

  override _read(): void {
    this.wanted = true;
    this.forward();
  }

  private forward(): void {
    if (this.reading || !this.wanted || !this.attached || !this.connection) return;
    this.reading = true;
    const socket = this.connection.stream;
    let chunk: Buffer | null;
    while (this.wanted && this.attached && (chunk = socket.read() as Buffer | null) !== null) {
      this.wanted = this.parse(chunk);
    }
    this.reading = false;
  }

  /** Copies the rows of a chunk of the socket out; false when the reader wants no more for now. */
  private parse(chunk: Buffer): boolean {
    // At most one byte more than the chunk: each row's CR is paid for by its message's header, but
    // the first message may have its header in the chunk before.
    const out = Buffer.allocUnsafe(chunk.length + 1);
    let n = 0;
    let pos = 0;
    while (pos < chunk.length) {
      if (this.inHeader) {
        const take = Math.min(HEADER - this.headerBytes, chunk.length - pos);
        chunk.copy(this.header, this.headerBytes, pos, pos + take);
        this.headerBytes += take;
        pos += take;
        if (this.headerBytes < HEADER) break;
        this.headerBytes = 0;
        this.code = this.header[0]!;
        if (this.code === ERROR_RESPONSE) {
          if (n > 0) this.push(out.subarray(0, n));
          this.detach(Buffer.concat([this.header, chunk.subarray(pos)]));
          return false;
        }
        this.left = this.header.readUInt32BE(1) - 4;
        this.inHeader = false;
      } else {
        const take = Math.min(this.left, chunk.length - pos);
        const end = pos + take;
        if (this.code === COPY_DATA) {
          if (take === this.left && take > 0 && chunk[end - 1] === LF) {
            n += chunk.copy(out, n, pos, end - 1);
            out[n++] = CR;
            out[n++] = LF;
          } else {
            n += chunk.copy(out, n, pos, end);
          }
        }
        this.left -= take;
        pos = end;
      }
      if (!this.inHeader && this.left === 0) {
        // A whole message: CopyOutResponse, CopyData, or one PostgreSQL may put in between (notice,
        // parameter status, notification) goes on; CopyDone ends the rows.
        this.inHeader = true;
        if (this.code === COPY_DONE) {
          if (n > 0) this.push(out.subarray(0, n));
          this.detach(chunk.subarray(pos));
          this.push(null);
          return false;
        }
      }
    }
    return n === 0 || this.push(out.subarray(0, n));
  }

  /** Gives the socket back to the driver with what it has not read yet. */
  private detach(unread: Buffer): void {
    if (!this.attached || !this.connection || !this.driverData) return;
    this.attached = false;
    const socket = this.connection.stream;
    socket.removeListener('readable', this.onReadable);
    socket.on('data', this.driverData);
    if (unread.length > 0) this.driverData(unread);
    // Resumed after this turn: the driver's handler may pause the socket while it runs.
    process.nextTick(() => socket.resume());
  }

  // Called by the driver once the socket is back in its hands (or the connection ended).
  handleError(err: Error): void {
    this.destroy(err);
  }
  handleCommandComplete(): void {}
  handleReadyForQuery(): void {}
}

/**
 * Streams `COPY (select) TO STDOUT WITH (FORMAT csv)` with CRLF row ends, after `prefix` (a BOM and a
 * header): a client is checked out before this resolves (no connection, no stream). Destroying the stream before its end closes the
 * connection: PostgreSQL ends the query as soon as it cannot send, and the pool opens a fresh
 * connection when it needs one.
 */
export async function copyCsvOut(pool: pg.Pool, select: string, prefix = ''): Promise<Readable> {
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err ?? false);
  };
  const stream = new CsvCopyOut(`copy (${select}) to stdout with (format csv)`, prefix);
  // Kept for the stream's whole life: a closed connection reports to its query after the stream is gone.
  stream.on('error', (err: Error) => release(err));
  stream.on('close', () => release(stream.readableEnded ? undefined : new Error('COPY left before its end')));
  try {
    client.query(stream);
  } catch (err) {
    stream.destroy(err as Error);
    throw err;
  }
  return stream;
}
