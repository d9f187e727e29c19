/**
 * Answers written without zod in production: the compiled serializer writes what zod's parse and
 * JSON.stringify write (unknown keys dropped, nulls and absent optional fields alike), schemas that
 * change what they parse keep zod, and a production server answers the recordings list as a test
 * server does.
 */
import { RecordingListResponse } from '@call-insights/contracts/recordings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness, type Harness } from '../test-support/app-harness.js';
import { declaredRoutes } from '../test-support/contract-routes.js';
import { createUser } from '../test-support/factories.js';
import { compiledSerializerOf, plainJsonSchemaOf, responseSerializerCompiler } from './serializer.js';

const viaZod = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));

describe('compiled response serializer', () => {
  it('writes a recordings page as zod does, without the fields the contract does not name', () => {
    const item = (id: number, extra: Record<string, unknown> = {}) => ({
      id,
      createdAt: '2026-03-01T10:00:00.000Z',
      dateAdded: '2026-03-01T10:00:00.000Z',
      file: { originalname: `call "${id}" é\u2028.wav`, message_id: null, storageKey: 'secret/key' },
      crm_userId: null,
      crm_firstName: 'Zoë',
      crm_lastName: null,
      crm_contactName: null,
      crm_email: 'a@b.c',
      phone_number: null,
      num_speakers: 2,
      duration: 61.5,
      location: id % 2 ? { id: 3, name: 'Main', crmLocationId: 'hidden' } : null,
      source: 'uploaded_file',
      status: 'done',
      progress: 100,
      error: null,
      error_setup: id === 2 ? 'Set TRANSCRIBER_API_KEY' : null,
      transcriptText: 'must not leave the server',
      ...extra,
    });
    const page = {
      items: [item(1), item(2), item(3, { organizationId: 9 })],
      total: 3,
      totalCapped: false,
      page: 1,
      pageSize: 10,
      pageCount: 1,
      next_cursor: null,
      prev_cursor: 'abc',
      debug: { sql: 'select …' },
    };
    const write = compiledSerializerOf(RecordingListResponse);
    expect(write).toBeDefined();
    const written = write!(page);
    expect(written).toBe(viaZod(RecordingListResponse, page));
    expect(written).not.toContain('secret');
    expect(written).not.toContain('hidden');
    expect(written).not.toContain('must not leave');
  });

  it('leaves absent optional fields out and writes nullable ones, records and enums as zod does', () => {
    const schema = z.object({
      a: z.string().optional(),
      b: z.number().nullable(),
      c: z.array(z.object({ x: z.enum(['p', 'q']), y: z.literal(3) })).nullable(),
      d: z.record(z.string(), z.number()),
      e: z.boolean(),
      f: z.string().nullable().optional(),
    });
    const write = compiledSerializerOf(schema)!;
    for (const data of [
      { b: null, c: null, d: {}, e: false },
      { a: 'x', b: 1.25, c: [{ x: 'p', y: 3, z: 1 }], d: { k: 1, l: 2 }, e: true, f: null, g: 1 },
      { a: undefined, b: 0, c: [], d: { k: -1 }, e: true, f: 'f' },
    ]) {
      expect(write(data)).toBe(viaZod(schema, data));
    }
  });

  it('keeps zod for schemas whose parse changes the answer or that it cannot write alike', () => {
    for (const schema of [
      z.object({ a: z.string().trim() }),
      z.object({ a: z.string().toLowerCase() }),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.preprocess((v) => v, z.string()) }),
      z.object({ a: z.string().default('x') }),
      z.object({ a: z.string().catch('x') }),
      z.object({ a: z.coerce.number() }),
      z.object({ a: z.date() }),
      z.object({ a: z.union([z.string(), z.object({ b: z.string() })]) }),
      z.object({ a: z.string().optional().nullable() }),
      z.looseObject({ a: z.string() }),
      z.strictObject({ a: z.string() }),
      z.object({ a: z.lazy(() => z.string()) }),
      z.tuple([z.string()]),
    ]) {
      expect(plainJsonSchemaOf(schema), JSON.stringify(schema._zod.def.type)).toBeUndefined();
      expect(compiledSerializerOf(schema)).toBeUndefined();
    }
    expect(compiledSerializerOf(z.unknown())).toBeUndefined();
  });

  it('checks answers when asked to (development, tests) and only writes them otherwise (production)', () => {
    const schema = z.object({ status: z.enum(['done', 'failed']), n: z.number().int() });
    const route = { schema, method: 'GET', url: '/x', httpStatus: '200' };
    const bad = { status: 'lost', n: 1 };
    const checked = responseSerializerCompiler({ validate: true })(route);
    expect(() => checked(bad)).toThrow();
    expect(checked({ status: 'done', n: 1, x: 2 })).toBe('{"status":"done","n":1}');
    const written = responseSerializerCompiler({ validate: false })(route);
    expect(written(bad)).toBe('{"status":"lost","n":1}');
    expect(written({ status: 'done', n: 1, x: 2 })).toBe('{"status":"done","n":1}');
    // A schema that changes its answer is still parsed by zod in production.
    const trimmed = responseSerializerCompiler({ validate: false })({
      ...route,
      schema: z.object({ s: z.string().trim() }),
    });
    expect(trimmed({ s: ' a ' })).toBe('{"s":"a"}');
  });

  it('compiles the answers of the contracts it can (every JSON route is written one way or the other)', async () => {
    const json = (await declaredRoutes()).filter(
      (r) => (r.produces ?? 'json') === 'json' && r.response !== undefined,
    );
    const compiled = json.filter((r) => compiledSerializerOf(r.response) !== undefined);
    expect(json.length).toBeGreaterThan(50);
    // Most answers are plain JSON; the recordings list, the hot route, must be among them.
    expect(compiled.length).toBeGreaterThan(json.length / 2);
    expect(compiled.map((r) => r.path)).toContain('/analysis/transcriptions');
  });
});

describe('a production server', () => {
  let prod: Harness;
  let test: Harness;
  beforeAll(async () => {
    prod = await createHarness('pglite', { NODE_ENV: 'production' });
    test = await createHarness('pglite');
  });
  afterAll(async () => {
    await prod?.close();
    await test?.close();
  });

  it('answers the recordings list with the same JSON as a test server', async () => {
    const bodies: string[] = [];
    for (const h of [prod, test]) {
      const u = await createUser(h.app);
      await h.app.inject({ method: 'POST', url: '/api/recordings/samples', headers: u.auth });
      const res = await h.app.inject({ method: 'GET', url: '/api/analysis/transcriptions', headers: u.auth });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: Record<string, unknown>[] };
      expect(body.items.length).toBeGreaterThan(0);
      // Ids, names of the seeded user and dates differ between the two servers; the shape may not.
      bodies.push(
        JSON.stringify(body, (key, value: unknown) =>
          ['id', 'createdAt', 'dateAdded', 'next_cursor', 'prev_cursor'].includes(key) ? typeof value : value,
        ),
      );
    }
    expect(bodies[0]).toBe(bodies[1]);
  });
});
