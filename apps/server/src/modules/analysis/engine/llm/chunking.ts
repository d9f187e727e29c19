/**
 * Transcript lines for the model and their split into chunks under a character budget. Chunks break
 * on segment boundaries; a single segment longer than the budget is cut between sentences (and, as a
 * last resort, between words) so no chunk exceeds the budget by more than one word.
 */
import type { Segment } from '@call-insights/contracts/transcript';
import { sortSegments } from '../speakers.js';
import { splitSentences } from '../text.js';

function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** One "[mm:ss] Speaker: text" line per non-empty segment, in time order. */
export function transcriptLines(segments: readonly Segment[]): string[] {
  return sortSegments(segments)
    .filter((s) => s.text.trim())
    .map((s) => `[${clock(s.start)}] ${s.speaker}: ${s.text.trim()}`);
}

function splitLongLine(line: string, budget: number): string[] {
  const prefix = /^\[[^\]]*\] [^:]*: /u.exec(line)?.[0] ?? '';
  const pieces: string[] = [];
  let cur = '';
  const units = splitSentences(line.slice(prefix.length)).flatMap((s) =>
    s.length + prefix.length > budget ? s.split(/\s+/u) : [s],
  );
  for (const u of units) {
    if (cur && prefix.length + cur.length + 1 + u.length > budget) {
      pieces.push(prefix + cur);
      cur = u;
    } else cur = cur ? `${cur} ${u}` : u;
  }
  if (cur) pieces.push(prefix + cur);
  return pieces;
}

/** Lines grouped into chunks of at most `budget` characters (newlines included). */
export function chunkLines(lines: readonly string[], budget: number): string[] {
  const chunks: string[] = [];
  let cur: string[] = [];
  let size = 0;
  for (const line of lines.flatMap((l) => (l.length > budget ? splitLongLine(l, budget) : [l]))) {
    if (cur.length > 0 && size + 1 + line.length > budget) {
      chunks.push(cur.join('\n'));
      cur = [];
      size = 0;
    }
    size += (cur.length > 0 ? 1 : 0) + line.length;
    cur.push(line);
  }
  if (cur.length > 0) chunks.push(cur.join('\n'));
  return chunks;
}
