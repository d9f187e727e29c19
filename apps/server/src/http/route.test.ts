import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { defineRoute } from '@call-insights/contracts/http';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouter } from './route.js';

const slowBody = defineRoute({
  method: 'GET',
  path: '/slow',
  access: 'public',
  summary: 'A stream that takes its time',
  tags: ['test'],
  produces: 'stream',
  contentType: 'application/octet-stream',
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('stream routes', () => {
  it('answer nothing more when the client goes away mid-stream (no second reply, no 500 logged)', async () => {
    const logged: { level: number; msg: string }[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: {
          write: (line: string) => void logged.push(JSON.parse(line) as { level: number; msg: string }),
        },
      },
    });
    app.setValidatorCompiler(validatorCompiler);
    const router = createRouter(app, {
      authenticate: () => Promise.reject(new Error('not used')),
      rateLimits: {} as never,
    });
    let streamed = 0;
    router.route(slowBody, async ({ reply }) => {
      // What the audio route does: the reply is sent with a stream the handler returns.
      const body = new Readable({
        read() {
          streamed++;
          setTimeout(() => this.push(Buffer.alloc(64 * 1024, 1)), 5);
        },
      });
      reply.header('content-type', 'application/octet-stream');
      return reply.send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
    const { port } = app.server.address() as AddressInfo;

    // The browser's audio element aborts a request as soon as it has what it needs.
    await new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/slow' }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 200));

    expect(streamed).toBeGreaterThan(0);
    const problems = logged.filter((l) => l.level >= 40).map((l) => l.msg);
    expect(problems).toEqual([]);
  });
});
