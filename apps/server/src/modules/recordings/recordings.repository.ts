/**
 * Owns the SQL of recordings, as one repository composed of its parts: rows one by one
 * (recordings.crud.repository.ts), the list and its search (recordings.list*.repository.ts,
 * recordings.search.repository.ts), the CSV export (recordings.export.repository.ts) and the
 * pipeline state (recordings.pipeline-state.repository.ts). Importers use this file only.
 */
import type pg from 'pg';
import type { ArrayQuery, Db } from '../../db/client.js';
import { createRecordingCrudQueries } from './recordings.crud.repository.js';
import { createExportQueries } from './recordings.export.repository.js';
import { createListQueries } from './recordings.list.repository.js';
import { createPipelineStateQueries } from './recordings.pipeline-state.repository.js';

export type { NewRecording, RecordingRow } from './recordings.crud.repository.js';
export type { ExportScope } from './recordings.export.repository.js';
export type {
  ListPage,
  ListPosition,
  ListQuery,
  RecordingListRow,
} from './recordings.list-rows.repository.js';
export { COUNT_CAP } from './recordings.list-search.repository.js';
export { datePrefixRange, formatDateTime, toPrefixTsQuery } from './recordings.search.repository.js';

export function createRecordingsRepository(
  db: Db,
  opts: {
    countCap?: number;
    /** PostgreSQL's pool: the CSV export is one COPY on a client of it (PGlite: keyset batches). */
    copyPool?: pg.Pool;
    /** Exports by COPY at once (default half the pool); past it an export reads keyset batches. */
    copyLimit?: number;
    anchorEvery?: number;
    /** Runs the list's page statements through the driver (Database.queryArrays); Drizzle's otherwise. */
    queryArrays?: ArrayQuery;
  } = {},
) {
  return {
    ...createRecordingCrudQueries(db),
    ...createListQueries(db, {
      countCap: opts.countCap,
      anchorEvery: opts.anchorEvery,
      queryArrays: opts.queryArrays,
    }),
    ...createExportQueries(db, { copyPool: opts.copyPool, copyLimit: opts.copyLimit }),
    ...createPipelineStateQueries(db),
  };
}

export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;
