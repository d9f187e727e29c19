/**
 * The CSV export on both databases (COPY on PostgreSQL, keyset batches on PGlite): the same bytes for
 * tricky values (quotes, commas, line breaks, formula-leading cells, French and other non-ASCII text,
 * empty texts, nulls), the organization's rows only, the search honoured with quotes and backslashes
 * in it, the dates in the browser's time zone (`tz`; UTC without a valid one; the spec's headers kept),
 * and a client leaving mid-export stopping the query and giving its connection back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyses, locations } from '../../db/schema.js';
import { copyCsvOut, inlineParams, sqlLiteral } from '../../db/copy-out.js';
import { BACKENDS, createHarness, type Harness } from '../../test-support/app-harness.js';
import { createUser, type CreatedUser } from '../../test-support/factories.js';
import { addMember } from '../../test-support/members.js';
import { createRecordingsRepository } from './recordings.repository.js';

/** The spec's header: the same whatever zone the dates are written in. */
const HEADER =
  'Date Created,Transcription Text,User,File Name,First Name,Last Name,Account Name,Phone Number,Email,Industry,Sub-Industry,Location ID,Contact ID,Source,Targeting,Content,Last Activity Date,Rating,Summary';

/** The expected rows, written by hand (not by csvLine), newest first. */
const ROW_MARCH =
  '2026-03-01 10:00:00,"Il a dit ""non"", puis\nest parti\r\nfin",Zoé Müller-Été,' +
  `"'=HYPERLINK(""http://x.test"")",Zoé,'+33 l'Été,"Agence de Lyon, Sud",'-5551234,'@evil.test,,,loc-Ω,` +
  '\'\tTAB,uploaded_file,,,2026-03-02 11:30:05,87,"Résumé : prix « remise » 10 %, 📞"';
const ROW_FEBRUARY =
  '2026-02-01 09:00:00,"ligne\n",Zoé Müller-Été,"https://ex.test/a?b=1,2",,"\'\rCR",,,"a""b@x.test",,,,' +
  "'=1+1,uploaded_file,,,2026-02-01 09:00:00,,";
const ROW_JANUARY =
  "2026-01-01 00:00:00,,Zoé Müller-Été,O'Brien\\notes 日本.wav,,,,,,,,,,uploaded_file,,,2026-01-01 00:00:00,,";

const csvOf = (...rows: string[]) => `\uFEFF${[HEADER, ...rows].map((l) => `${l}\r\n`).join('')}`;

describe('COPY values inlined as literals', () => {
  it('writes integers as digits, strings through escapeLiteral, and refuses anything else', () => {
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral('a\\b')).toBe(" E'a\\\\b'");
    for (const bad of [1.5, Number.NaN, 2 ** 60, null, undefined, true, {}, new Date(0), [1]]) {
      expect(() => sqlLiteral(bad)).toThrow(TypeError);
    }
    expect(inlineParams('select $1, $2 where x = $1', [7, "it's"])).toBe("select 7, 'it''s' where x = 7");
    expect(() => inlineParams('select $1, $2', [1])).toThrow(/no value for \$2/);
    expect(() => inlineParams('select $1', [1, 2])).toThrow(/not used/);
  });
});

describe.each(BACKENDS)('recordings CSV export on %s', (backend) => {
  let h: Harness;
  let zoe: CreatedUser;
  let other: CreatedUser;
  beforeAll(async () => {
    h = await createHarness(backend);
    zoe = await createUser(h.app, { firstName: 'Zoé', lastName: 'Müller-Été' });
    other = await createUser(h.app);
    const organizationId = await orgOf(zoe);
    const repo = h.container.recordingsRepo;
    const [location] = await h.database.db
      .insert(locations)
      .values({ organizationId, crmLocationId: 'loc-Ω', name: 'Agence de Lyon, Sud' })
      .returning();
    const march = await repo.insert({
      organizationId,
      userId: zoe.id,
      source: 'uploaded_file',
      status: 'done',
      originalName: '=HYPERLINK("http://x.test")',
      transcriptText: 'Il a dit "non", puis\nest parti\r\nfin',
      crmFirstName: 'Zoé',
      crmLastName: "+33 l'Été",
      phoneNumber: '-5551234',
      crmEmail: '@evil.test',
      crmContactId: '\tTAB',
      locationId: location!.id,
      createdAt: new Date('2026-03-01T10:00:00.250Z'),
      updatedAt: new Date('2026-03-02T11:30:05Z'),
    });
    const february = await repo.insert({
      organizationId,
      userId: zoe.id,
      source: 'uploaded_file',
      status: 'done',
      originalName: 'appel.wav',
      sourceUrl: 'https://ex.test/a?b=1,2',
      transcriptText: 'ligne\n',
      crmFirstName: '',
      crmLastName: '\rCR',
      crmEmail: 'a"b@x.test',
      crmContactId: '=1+1',
      createdAt: new Date('2026-02-01T09:00:00Z'),
      updatedAt: new Date('2026-02-01T09:00:00Z'),
    });
    await repo.insert({
      organizationId,
      userId: zoe.id,
      source: 'uploaded_file',
      status: 'done',
      originalName: "O'Brien\\notes 日本.wav",
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    });
    await h.database.db.insert(analyses).values([
      {
        recordingId: march.id,
        organizationId,
        analyzer: 'rules',
        leadScore: 87,
        data: { call_summary: 'Résumé : prix « remise » 10 %, 📞' },
      },
      { recordingId: february.id, organizationId, analyzer: 'rules', data: { call_summary: '' } },
    ]);
    // Another organization's call, newer than all of them: never in Zoé's export.
    await repo.insert({
      organizationId: await orgOf(other),
      userId: other.id,
      source: 'uploaded_file',
      status: 'done',
      originalName: '=HYPERLINK other org.wav',
      createdAt: new Date('2026-03-05T00:00:00Z'),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  async function orgOf(u: CreatedUser): Promise<number> {
    const me = await h.app.inject({ method: 'GET', url: `/api/users/userId/${u.id}`, headers: u.auth });
    return (me.json() as { organizationId: number }).organizationId;
  }

  async function exportOf(u: CreatedUser, q?: string): Promise<string> {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/recordings/export.csv${q === undefined ? '' : `?${new URLSearchParams({ q })}`}`,
      headers: u.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  }

  it('writes quotes, commas, line breaks, formulas, empty texts, nulls and non-ASCII text as expected', async () => {
    expect(await exportOf(zoe)).toBe(csvOf(ROW_MARCH, ROW_FEBRUARY, ROW_JANUARY));
  });

  it("exports the caller's organization only, honouring the search (quotes, backslashes, dates)", async () => {
    const others = await exportOf(other);
    expect(others).toContain("'=HYPERLINK other org.wav");
    expect(others).not.toContain('Zoé');
    expect(await exportOf(zoe, '=HYPERLINK')).toBe(csvOf(ROW_MARCH));
    expect(await exportOf(zoe, '("http://x')).toBe(csvOf(ROW_MARCH));
    expect(await exportOf(zoe, "O'Brien\\notes")).toBe(csvOf(ROW_JANUARY));
    expect(await exportOf(zoe, '2026-02')).toBe(csvOf(ROW_FEBRUARY));
    expect(await exportOf(zoe, "nothing'; select 1; --")).toBe(csvOf());

    // A member with the role `user` exports their own calls only.
    const organizationId = await orgOf(zoe);
    const member = await addMember(h, zoe, 'user', { firstName: 'Mem', lastName: 'Ber' });
    await h.container.recordingsRepo.insert({
      organizationId,
      userId: member.id,
      source: 'uploaded_file',
      status: 'done',
      originalName: 'mine.wav',
      createdAt: new Date('2025-06-01T00:00:00Z'),
      updatedAt: new Date('2025-06-01T00:00:00Z'),
    });
    const own = await h.app.inject({
      method: 'GET',
      url: '/api/recordings/export.csv',
      headers: member.auth,
    });
    expect(own.body).toBe(
      csvOf('2025-06-01 00:00:00,,Mem Ber,mine.wav,,,,,,,,,,uploaded_file,,,2025-06-01 00:00:00,,'),
    );
  });

  it("writes the dates in the browser's time zone under the spec's headers; UTC without a valid one", async () => {
    const u = await createUser(h.app, { firstName: 'Tz', lastName: 'User' });
    await h.container.recordingsRepo.insert({
      organizationId: await orgOf(u),
      userId: u.id,
      source: 'uploaded_file',
      status: 'done',
      originalName: 'late.wav',
      createdAt: new Date('2026-11-09T03:30:00Z'),
      updatedAt: new Date('2026-07-01T12:00:00Z'),
    });
    const exportIn = async (tz?: string) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/recordings/export.csv${tz === undefined ? '' : `?${new URLSearchParams({ tz })}`}`,
        headers: u.auth,
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const rowAt = (created: string, updated: string) =>
      `${created},,Tz User,late.wav,,,,,,,,,,uploaded_file,,,${updated},,`;
    const csvIn = (row: string) => `\uFEFF${HEADER}\r\n${row}\r\n`;

    // New York: the evening before in winter (UTC−5), summer time in July (UTC−4).
    expect(await exportIn('America/New_York')).toBe(
      csvIn(rowAt('2026-11-08 22:30:00', '2026-07-01 08:00:00')),
    );
    expect(await exportIn('Asia/Kolkata')).toBe(csvIn(rowAt('2026-11-09 09:00:00', '2026-07-01 17:30:00')));
    const utc = csvIn(rowAt('2026-11-09 03:30:00', '2026-07-01 12:00:00'));
    expect(await exportIn()).toBe(utc);
    for (const bad of ['Mars/Olympus_Mons', '+05:00', "Europe/Paris'; select 1; --"]) {
      expect(await exportIn(bad)).toBe(utc);
    }
  });

  it('stops the query and gives its connection back when the client leaves mid-export', async () => {
    const u = await createUser(h.app);
    const organizationId = await orgOf(u);
    const rows = 20_000;
    await h.database.db.execute(sql`
      insert into recordings (organization_id, user_id, source, original_name, status, transcript_text,
        created_at, updated_at, created_text)
      select ${organizationId}, ${u.id}, 'uploaded_file', 'bulk-' || g || '.wav', 'done',
        repeat('word, "quoted" ', 100), now() - g * interval '1 s', now(), ''
      from generate_series(1, ${rows}) g`);
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));

    const copies = async (): Promise<number> => {
      if (backend !== 'postgres') return 0;
      const res = await h.database.executor.executeSql(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike 'copy (%'`,
      );
      return (res.rows[0] as { n: number }).n;
    };
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await check()).toBe(true);
    };

    let received = 0;
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/recordings/export.csv', headers: u.auth },
      (res) => {
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          res.pause(); // a client that reads one chunk and then stops reading
        });
      },
    );
    req.on('error', () => undefined);
    await until(async () => received > 0);
    // The export is under way, held back by the client: on PostgreSQL its COPY is running.
    if (backend === 'postgres') expect(await copies()).toBe(1);
    req.destroy();

    await until(async () => (await copies()) === 0);
    const pool: pg.Pool | undefined = h.database.pool;
    if (pool) await until(async () => pool.totalCount === pool.idleCount && pool.waitingCount === 0);
    // The server goes on: the next export is whole.
    const whole = await exportOf(u);
    expect(whole.split('\r\n').filter((l) => l.startsWith('2')).length).toBe(rows);
    expect(received).toBeLessThan(whole.length);
  });

  it.runIf(backend === 'postgres')(
    'PostgreSQL only (COPY runs on its pool; skipped on PGlite): reads rows longer than a socket read, and hands an error of the COPY on with its connection closed',
    async () => {
      const pool = h.database.pool!;
      const long = await copyCsvOut(
        pool,
        `select g, repeat('x', 1000000) || E'\\n' || 'y"' from generate_series(1, 3) g`,
        'H\r\n',
      );
      let text = '';
      for await (const chunk of long) text += String(chunk);
      const cell = `"${'x'.repeat(1_000_000)}\ny"""`;
      expect(text).toBe(`H\r\n1,${cell}\r\n2,${cell}\r\n3,${cell}\r\n`);

      const failing = await copyCsvOut(pool, 'select 10 / (3 - g) from generate_series(1, 5) g');
      const read = async () => {
        for await (const chunk of failing) void chunk;
      };
      await expect(read()).rejects.toThrow(/division by zero/);
      await vi.waitFor(() => expect(pool.totalCount).toBe(pool.idleCount));
      expect((await pool.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
    },
  );

  it.runIf(backend === 'postgres')(
    'PostgreSQL only (COPY runs on its pool; skipped on PGlite): copies as many exports at once as its limit, the others read keyset batches',
    async () => {
      const repo = createRecordingsRepository(h.database.db, { copyPool: h.database.pool, copyLimit: 1 });
      const organizationId = await orgOf(zoe);
      const own = { userId: zoe.id };
      const first = await repo.exportCopy(organizationId, own);
      expect(first).toBeDefined();
      expect(await repo.exportCopy(organizationId, own)).toBeUndefined();
      first!.destroy();
      await new Promise((r) => first!.once('close', r));
      const third = (await repo.exportCopy(organizationId, own))!;
      let rows = '';
      for await (const chunk of third) rows += String(chunk);
      expect(rows).toBe([ROW_MARCH, ROW_FEBRUARY, ROW_JANUARY].map((l) => `${l}\r\n`).join(''));
      const batch = await repo.exportLines(organizationId, { ...own, limit: 10 });
      expect(batch.lines).toBe([ROW_MARCH, ROW_FEBRUARY, ROW_JANUARY].map((l) => `${l}\r\n`).join(''));
    },
  );
});
