/**
 * API helpers for the call analysis specs: a token for an account, the shipped sample calls
 * (imported and analysed with no speech engine), the recordings list and one call's record.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, type Credentials } from './fixtures.js';

/** The segments of a call's transcript, as GET /api/analysis/analysis answers them. */
export type Segment = { speaker: string; start: number; end: number; text: string };

export type AnalysisRecord = {
  id: number;
  status: string;
  hasAudio: boolean;
  duration: number | null;
  transcription: string | null;
  segments: Segment[];
  coaching: string | null;
  file: { originalname: string };
};

type ListedRecording = { id: number; status: string; file: { originalname: string } };

/** Signs `credentials` in through the API; the value for `Authorization: Token <jwt>`. */
export async function accessToken(request: APIRequestContext, credentials: Credentials): Promise<string> {
  const response = await request.post('/api/users/login', {
    data: { email: credentials.email, password: credentials.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { accessToken: token } = (await response.json()) as { accessToken: string };
  return token;
}

const authorization = (token: string) => ({ Authorization: `Token ${token}` });

/** POST /api/recordings/samples: the shipped sample calls; returns the new recordings' ids. */
export async function importSampleCalls(request: APIRequestContext, token: string): Promise<number[]> {
  const response = await request.post('/api/recordings/samples', { headers: authorization(token) });
  expect(response.status(), await response.text()).toBe(201);
  const { ids } = (await response.json()) as { ids: number[] };
  return ids;
}

/** Polls GET /api/transcription/progress until the recording is done (fails fast if it failed). */
export async function waitUntilProcessed(
  request: APIRequestContext,
  token: string,
  id: number,
  timeout: number,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/transcription/progress', {
          params: { id },
          headers: authorization(token),
        });
        expect(response.ok(), await response.text()).toBe(true);
        const { status, error } = (await response.json()) as { status: string; error: string | null };
        expect(status, `recording ${id} failed: ${error}`).not.toBe('failed');
        return status;
      },
      { message: `recording ${id} is processed`, timeout, intervals: [250, 500, 1_000] },
    )
    .toBe('done');
}

/** The first page of GET /api/analysis/transcriptions (10 rows, newest first). */
export async function listRecordings(request: APIRequestContext, token: string): Promise<ListedRecording[]> {
  const response = await request.get('/api/analysis/transcriptions', { headers: authorization(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { items: ListedRecording[] }).items;
}

/** GET /api/analysis/analysis?id=: the record the analysis page shows. */
export async function analysisRecord(
  request: APIRequestContext,
  token: string,
  id: number,
): Promise<AnalysisRecord> {
  const response = await request.get('/api/analysis/analysis', {
    params: { id },
    headers: authorization(token),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as AnalysisRecord;
}

/** The Dialogue tab's turns: segments in time order, consecutive ones of one speaker merged. */
export function dialogueTurns(segments: readonly Segment[]): Segment[] {
  const turns: Segment[] = [];
  for (const segment of [...segments].sort((a, b) => a.start - b.start)) {
    const last = turns.at(-1);
    if (last && last.speaker === segment.speaker) {
      last.end = Math.max(last.end, segment.end);
      last.text = `${last.text} ${segment.text.trim()}`.trim();
    } else {
      turns.push({ ...segment, text: segment.text.trim() });
    }
  }
  return turns;
}

/** A position in the call as the "Play from m:ss" buttons write it (0:07, 1:12). */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
