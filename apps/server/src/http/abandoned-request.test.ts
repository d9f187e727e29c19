/**
 * A client that hangs up mid-upload (a cancelled upload, a closed tab): the partial file goes, and the
 * log says the client left instead of reporting a server error.
 */
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/app-harness.js';
import { createUser } from '../test-support/factories.js';

describe('a request the client abandons', () => {
  let h: Harness;
  const lines: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    h = await createHarness('pglite', {}, { logStream });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is logged as abandoned, not as a failure, and leaves no partial file', async () => {
    const user = await createUser(h.app);
    const { port } = h.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    const head = Buffer.alloc(44);
    head.write('RIFF', 0, 'latin1');
    head.write('WAVEfmt ', 8, 'latin1');
    const body = Buffer.concat([
      Buffer.from('--cut\r\nContent-Disposition: form-data; name="file"; filename="call.wav"\r\n\r\n'),
      head,
      Buffer.alloc(256 * 1024),
    ]);
    socket.write(
      `POST /api/analysis/upload_file HTTP/1.1\r\nHost: x\r\nAuthorization: ${user.auth.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=cut\r\nContent-Length: ${body.length + 10_000_000}\r\n\r\n`,
    );
    socket.write(body);
    await new Promise((r) => setTimeout(r, 300));
    socket.destroy();
    const abandoned = () => lines.some((l) => l.msg === 'request abandoned by the client');
    for (let i = 0; i < 200 && !abandoned(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(abandoned()).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const audioDir = path.join(h.dataDir, 'audio');
    const temps = fs.existsSync(audioDir)
      ? fs.readdirSync(audioDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('.tmp-'))
      : [];
    expect(temps).toEqual([]);
  });
});
