/** The list's rows: what a row of the list reads (one JSON array by PostgreSQL) and its cursor position. */
import { sql } from 'drizzle-orm';
import { locations, recordings } from '../../db/schema.js';
import type { RecordingRow } from './recordings.crud.repository.js';
import type { ListKey } from './list-cursor.js';
import type { CreatedRange } from './recordings.search.repository.js';

/** Where a list page starts: a page number (offset) or a cursor position. */
export type ListPosition =
  { kind: 'page'; page: number } | { kind: 'after' | 'before'; key: ListKey; page: number };

/** What a list page asks for: its position and order, and the search, owner and tracker narrowing it. */
export type ListQuery = {
  q?: string;
  /** A day where the user is, typed in the search: replaces `q`. */
  createdIn?: CreatedRange;
  position: ListPosition;
  pageSize: number;
  ascending: boolean;
  userId?: number;
  trackerId?: number;
  /** Only calls whose analysis ended with this result. */
  resultClass?: string;
};

export type ListPage = {
  rows: (RecordingListRow & { cursorAt: string })[];
  total: number;
  capped: boolean;
  page: number;
  hasNext: boolean;
  hasPrev: boolean;
};

/** The rows of a `db.execute` result. */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

/** created_at as PostgreSQL prints it (microseconds kept): a cursor position that compares exactly. */
export const cursorAt = sql<string>`${recordings.createdAt}::text`;

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`), written by PostgreSQL. */
const isoText = (col: typeof recordings.createdAt | typeof recordings.dateAdded) =>
  sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A row of the list: what the API shows of a recording, its dates already as ISO 8601 text. */
export type RecordingListRow = {
  id: number;
  createdAt: string;
  dateAdded: string;
  originalName: string;
  crmMessageId: string | null;
  crmContactId: string | null;
  crmFirstName: string | null;
  crmLastName: string | null;
  crmContactName: string | null;
  crmEmail: string | null;
  phoneNumber: string | null;
  numSpeakers: number;
  durationSec: number | null;
  locationId: number | null;
  locationName: string | null;
  source: RecordingRow['source'];
  status: RecordingRow['status'];
  progress: number;
  error: string | null;
  errorDetail: RecordingRow['errorDetail'];
};

/**
 * The list row's values in RecordingListRow's order and its cursor position last, written by
 * PostgreSQL as one JSON array: the driver and Drizzle handle one value per row instead of 21 (their
 * per-field parsing and mapping cost a list request more than PostgreSQL's run of it), and the
 * dates arrive as the text the answer carries.
 */
export const listRowJson = sql<unknown>`json_build_array(${recordings.id}, ${isoText(recordings.createdAt)},
  ${isoText(recordings.dateAdded)}, ${recordings.originalName}, ${recordings.crmMessageId},
  ${recordings.crmContactId}, ${recordings.crmFirstName}, ${recordings.crmLastName},
  ${recordings.crmContactName}, ${recordings.crmEmail}, ${recordings.phoneNumber}, ${recordings.numSpeakers},
  ${recordings.durationSec}, ${recordings.locationId}, ${locations.name}, ${recordings.source},
  ${recordings.status}, ${recordings.progress}, ${recordings.error}, ${recordings.errorDetail}, ${cursorAt})`;

type ListRowValues = [
  number,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  number | null,
  number | null,
  string | null,
  RecordingRow['source'],
  RecordingRow['status'],
  number,
  string | null,
  RecordingRow['errorDetail'],
  string,
];

/** A list row from its JSON array (parsed by the driver; text if a driver leaves json unparsed). */
export function fromListJson(value: unknown): RecordingListRow & { cursorAt: string } {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as ListRowValues;
  return {
    id: v[0],
    createdAt: v[1],
    dateAdded: v[2],
    originalName: v[3],
    crmMessageId: v[4],
    crmContactId: v[5],
    crmFirstName: v[6],
    crmLastName: v[7],
    crmContactName: v[8],
    crmEmail: v[9],
    phoneNumber: v[10],
    numSpeakers: v[11],
    durationSec: v[12],
    locationId: v[13],
    locationName: v[14],
    source: v[15],
    status: v[16],
    progress: v[17],
    error: v[18],
    errorDetail: v[19],
    cursorAt: v[20],
  };
}
