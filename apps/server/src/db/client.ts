/**
 * Owns the database connection: PGlite on disk (embedded default) or PostgreSQL (DATABASE_URL),
 * the same Drizzle schema and SQL migrations on both, applied at start.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A raw SQL runner for the job queue: parameterless multi-statement SQL must go through PGlite's exec. */
export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * Runs a statement built once (SQL text with $n parameters) by its name, rows as arrays, with the
 * driver's own parsing (json parsed, integers as numbers, bigint as text, timestamps as Date on
 * PostgreSQL): for the few hot statements whose columns need no Drizzle mapping (the list).
 */
export type ArrayQuery = (name: string, text: string, values: unknown[]) => Promise<unknown[][]>;

export type Database = {
  driver: 'pglite' | 'postgres';
  db: Db;
  executor: SqlExecutor;
  queryArrays: ArrayQuery;
  /** Set for PostgreSQL: the queue opens its own pool on it. */
  connectionString?: string;
  /** Set for PostgreSQL: the pool behind `db`, for what Drizzle does not do (COPY … TO STDOUT). */
  pool?: pg.Pool;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions =
  | { driver: 'pglite'; dataDir?: string /* undefined = in memory */ }
  | { driver: 'postgres'; connectionString: string; maxConnections?: number };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.driver === 'pglite') {
    if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
    const client = await PGlite.create({ dataDir: opts.dataDir, extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    const executor: SqlExecutor = {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
    return {
      driver: 'pglite',
      db,
      executor,
      // In process, nothing to name: PGlite parses the text again each time.
      queryArrays: async (_name, text, values) =>
        (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows,
      ping: () => ping(db),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: opts.connectionString, max: opts.maxConnections ?? 10 });
  // A dropped idle connection must not crash the process; the pool replaces it. A connection the
  // server ends while the pool is closing is not idle any more: its client needs a listener too.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
  return {
    driver: 'postgres',
    db,
    connectionString: opts.connectionString,
    pool,
    executor: { executeSql: (text, values) => pool.query(text, values) },
    // Named: parsed once per connection, like Drizzle's prepared statements.
    queryArrays: async (name, text, values) =>
      (await pool.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows,
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
