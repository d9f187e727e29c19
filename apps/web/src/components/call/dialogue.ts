/** Turns of the Dialogue tab: the transcript's segments with consecutive same-speaker ones merged. */
import type { Segment } from '@call-insights/contracts/transcript';

export type Turn = { speaker: string; start: number; end: number; text: string };

/** Segments in time order, consecutive segments of one speaker joined into a single turn. */
export function mergeTurns(segments: readonly Segment[]): Turn[] {
  const ordered = segments
    .map((segment, index) => ({ segment, index }))
    .sort((a, b) => a.segment.start - b.segment.start || a.index - b.index)
    .map(({ segment }) => segment);
  const turns: Turn[] = [];
  for (const segment of ordered) {
    const text = segment.text.trim();
    const last = turns.at(-1);
    if (last && last.speaker === segment.speaker) {
      last.end = Math.max(last.end, segment.end);
      if (text) last.text = last.text ? `${last.text} ${text}` : text;
      continue;
    }
    turns.push({ speaker: segment.speaker, start: segment.start, end: segment.end, text });
  }
  return turns;
}

/** Speakers in order of first appearance. */
export function speakerOrder(segments: readonly Pick<Segment, 'speaker'>[]): string[] {
  return [...new Set(segments.map((segment) => segment.speaker))];
}

/** Tolerance for a player position reported a hair before a turn's start. */
const EPSILON_SEC = 0.05;

/**
 * The turn playing at `time` (seconds): the last one that has started; a pause keeps the previous
 * turn highlighted. -1 before the first turn.
 */
export function activeTurnIndex(turns: readonly Pick<Turn, 'start'>[], time: number): number {
  let active = -1;
  for (const [index, turn] of turns.entries()) {
    if (turn.start <= time + EPSILON_SEC) active = index;
    else break;
  }
  return active;
}
