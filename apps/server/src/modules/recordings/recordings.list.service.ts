/**
 * The recordings list (pages by cursor or number, searched, narrowed to a tracker's calls) and its
 * CSV export (one COPY on PostgreSQL, keyset batches on PGlite), each scoped to what the caller may see.
 */
import { Readable } from 'node:stream';
import {
  EXPORT_COLUMNS,
  RECORDINGS_PAGE_SIZE,
  type RecordingListQuery,
  type RecordingListResponse,
} from '@call-insights/contracts/recordings';
import { AppError } from '../../errors.js';
import type { Language } from '../../i18n/translate.js';
import { recordingOwnerScope } from '../../lib/ownership.js';
import { csvLine } from '../../lib/csv.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuditSink } from '../audit/audit-sink.js';
import { toListItem } from './recordings.mapper.js';
import { decodeCursor, encodeCursor, type ListKey } from './list-cursor.js';
import { addDays, namedTimezone, safeTimezone, startOfLocalDay } from '../../lib/time-zone.js';
import { dateQueryAsIso, typedDay, type CreatedRange } from './recordings.search.repository.js';
import type { ExportScope, ListPosition, RecordingsRepository } from './recordings.repository.js';

export type ListDeps = {
  repo: RecordingsRepository;
  audit: AuditSink;
  /** Whether a tracker is the organization's (the list's tracker filter; the trackers service). */
  trackerInOrganization?: (organizationId: number, trackerId: number) => Promise<boolean>;
};

const EXPORT_BATCH = 2_000;

/** The export on PGlite: header, then keyset batches of CSV lines, the next read while one is sent. */
async function* keysetBatches(
  repo: RecordingsRepository,
  header: string,
  organizationId: number,
  scope: ExportScope,
): AsyncGenerator<string> {
  yield header;
  const fetchAfter = (after: ListKey | undefined) =>
    repo.exportLines(organizationId, { ...scope, after, limit: EXPORT_BATCH });
  let batch = await fetchAfter(undefined);
  for (;;) {
    // The next batch is read while this one is written out: the database and the socket work
    // at the same time, and at most two batches are held.
    const next = batch.count === EXPORT_BATCH && batch.last ? fetchAfter(batch.last) : undefined;
    // A client that leaves mid-export stops the generator here; the read in flight then ends unheard.
    next?.catch(() => undefined);
    if (batch.count > 0) yield batch.lines;
    if (!next) return;
    batch = await next;
  }
}

/**
 * What the search box asks for. A whole date (as the list shows it, or 2026-11-27) with the
 * browser's time zone is that day where the user is, since the list shows local times; without a
 * time zone, or for anything else, the text as the search reads it (dates in UTC).
 */
function searchOf(
  typed: string | undefined,
  lang: Language,
  tz: string | undefined,
): { q?: string; createdIn?: CreatedRange } {
  if (!typed) return {};
  const day = tz ? typedDay(typed, lang) : undefined;
  if (day) {
    const zone = safeTimezone(tz);
    return {
      createdIn: {
        from: startOfLocalDay(day, zone).toISOString(),
        to: startOfLocalDay(addDays(day, 1), zone).toISOString(),
      },
    };
  }
  return { q: dateQueryAsIso(typed, lang) };
}

export function createRecordingsList(deps: ListDeps) {
  const { repo } = deps;

  /** Another organization's tracker is as absent as one that does not exist. */
  async function checkTracker(caller: AuthUser, trackerId: number | undefined): Promise<void> {
    if (
      trackerId !== undefined &&
      deps.trackerInOrganization &&
      !(await deps.trackerInOrganization(caller.organizationId, trackerId))
    ) {
      throw new AppError('NOT_FOUND', 'This tracker was not found.');
    }
  }

  return {
    /** One page of the list: by cursor (any depth, the cost of page 1) or by page number. */
    async list(
      caller: AuthUser,
      query: RecordingListQuery,
      lang: Language = 'en',
    ): Promise<RecordingListResponse> {
      let position: ListPosition = { kind: 'page', page: query.page };
      if (query.cursor) {
        const cursor = decodeCursor(query.cursor);
        if (!cursor) {
          const message = 'This list position is not valid any more. Go back to the first page.';
          throw new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'cursor', message }] });
        }
        position = {
          kind: cursor.direction === 'next' ? 'after' : 'before',
          key: cursor.key,
          page: cursor.page,
        };
      }
      await checkTracker(caller, query.tracker_id);
      const result = await repo.list(caller.organizationId, {
        userId: recordingOwnerScope(caller),
        trackerId: query.tracker_id,
        resultClass: query.result,
        ...searchOf(query.q, lang, query.tz),
        position,
        pageSize: RECORDINGS_PAGE_SIZE,
        ascending: query.sort === 'createdAt:asc',
      });
      const first = result.rows[0];
      const last = result.rows[result.rows.length - 1];
      return {
        items: result.rows.map((r) => toListItem(r, lang, caller.role)),
        total: result.total,
        totalCapped: result.capped,
        page: result.page,
        pageSize: RECORDINGS_PAGE_SIZE,
        pageCount: Math.max(1, Math.ceil(result.total / RECORDINGS_PAGE_SIZE)),
        next_cursor:
          result.hasNext && last
            ? encodeCursor({
                key: { at: last.cursorAt, id: last.id },
                direction: 'next',
                page: result.page + 1,
              })
            : null,
        prev_cursor:
          result.hasPrev && first
            ? encodeCursor({
                key: { at: first.cursorAt, id: first.id },
                direction: 'prev',
                page: Math.max(1, result.page - 1),
              })
            : null,
      };
    },

    /**
     * The export as CSV bytes, BOM and header first; memory stays flat for any row count. On PostgreSQL
     * one `COPY … TO STDOUT` streamed as it comes (values made ready in SQL, row ends made CRLF as
     * each row is copied out); on PGlite keyset batches of values PostgreSQL formats as text, csvLine quoting them. Same
     * bytes either way. A client that leaves mid-export stops it (the COPY's connection is closed).
     */
    async exportCsv(
      caller: AuthUser,
      query: { q?: string; tz?: string; tracker_id?: number; result?: string } = {},
      lang: Language = 'en',
    ): Promise<Readable> {
      await checkTracker(caller, query.tracker_id);
      const search = searchOf(query.q, lang, query.tz);
      const q = search.q ?? (query.q || undefined);
      // What narrowed the export, for the audit log.
      const details = {
        ...(q ? { search: q } : {}),
        ...(query.tracker_id !== undefined ? { tracker: query.tracker_id } : {}),
        ...(query.result !== undefined ? { result: query.result } : {}),
      };
      await deps.audit.record({
        organizationId: caller.organizationId,
        actorUserId: caller.id,
        action: 'export',
        target: 'recordings',
        ...(Object.keys(details).length > 0 ? { details } : {}),
      });
      // The dates in the browser's zone, as the list shows them (UTC without one); the headers keep
      // the spec's column names, which importers of the file match on.
      const timeZone = namedTimezone(query.tz);
      const header = '\uFEFF' + csvLine(EXPORT_COLUMNS.map(([label]) => label));
      const scope = {
        timeZone,
        userId: recordingOwnerScope(caller),
        trackerId: query.tracker_id,
        resultClass: query.result,
        ...search,
      };
      // A destroyed reply destroys the COPY stream, which closes its connection.
      const copied = await repo.exportCopy(caller.organizationId, scope, header);
      if (copied) return copied;
      // Byte mode with room for about one batch: the next batch is fetched while this one is sent,
      // and no more (object mode would queue 16 batches).
      return Readable.from(keysetBatches(repo, header, caller.organizationId, scope), {
        objectMode: false,
        highWaterMark: 2 * 1024 * 1024,
      });
    },
  };
}
