/** Conversation metrics as shown: speakers rep-first with their share of talk time in whole percent. */
import type { ConversationMetrics, SpeakerMetrics } from '@call-insights/contracts/analysis';
import type { SpeakerInfo } from './speakers';

/** Published anchors (Gong Labs, winning sales calls): rep talk share near 43 %, 11–14 questions. */
export const TALK_RATIO_BENCHMARK_PERCENT = 43;
export const QUESTIONS_BENCHMARK = { min: 11, max: 14 } as const;

export type SpeakerShare = SpeakerMetrics & {
  percent: number;
  /** Whole percent for display; the shares' whole percents add up to exactly 100. */
  wholePercent: number;
  info: SpeakerInfo | undefined;
};

/** Rounds percentages to whole numbers that still sum to 100 (largest remainder first). */
export function wholePercents(percents: readonly number[]): number[] {
  const floors = percents.map((p) => Math.floor(p));
  const target = Math.round(percents.reduce((a, b) => a + b, 0));
  let missing = target - floors.reduce((a, b) => a + b, 0);
  const byRemainder = percents.map((p, i) => ({ i, r: p - Math.floor(p) })).sort((a, b) => b.r - a.r);
  for (const { i } of byRemainder) {
    if (missing <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    missing -= 1;
  }
  return floors;
}

/** Each speaker's share of the talk, normalised to 100 % (ratios may not add up exactly), in display order. */
export function speakerShares(
  metrics: Pick<ConversationMetrics, 'speakers'>,
  infos: readonly SpeakerInfo[],
): SpeakerShare[] {
  const rank = new Map(infos.map((info, index) => [info.speaker, index]));
  const total = metrics.speakers.reduce((sum, speaker) => sum + speaker.talk_ratio, 0);
  const ordered = [...metrics.speakers].sort(
    (a, b) => (rank.get(a.speaker) ?? Infinity) - (rank.get(b.speaker) ?? Infinity),
  );
  const percents = ordered.map((speaker) => (total > 0 ? (speaker.talk_ratio / total) * 100 : 0));
  const wholes = wholePercents(percents);
  return ordered.map((speaker, i) => ({
    ...speaker,
    percent: percents[i] ?? 0,
    wholePercent: wholes[i] ?? 0,
    info: infos.find((info) => info.speaker === speaker.speaker),
  }));
}
