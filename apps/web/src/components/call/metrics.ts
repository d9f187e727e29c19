/** Conversation metrics as shown: speakers rep-first with their share of talk time in whole percent. */
import type { ConversationMetrics, SpeakerMetrics } from '@call-insights/contracts/analysis';
import type { SpeakerInfo } from './speakers';

/** Published anchors (Gong Labs, winning sales calls): rep talk share near 43 %, 11–14 questions. */
export const TALK_RATIO_BENCHMARK_PERCENT = 43;
export const QUESTIONS_BENCHMARK = { min: 11, max: 14 } as const;

export type SpeakerShare = SpeakerMetrics & { percent: number; info: SpeakerInfo | undefined };

/** Each speaker's share of the talk, normalised to 100 % (ratios may not add up exactly), in display order. */
export function speakerShares(
  metrics: Pick<ConversationMetrics, 'speakers'>,
  infos: readonly SpeakerInfo[],
): SpeakerShare[] {
  const rank = new Map(infos.map((info, index) => [info.speaker, index]));
  const total = metrics.speakers.reduce((sum, speaker) => sum + speaker.talk_ratio, 0);
  return [...metrics.speakers]
    .sort((a, b) => (rank.get(a.speaker) ?? Infinity) - (rank.get(b.speaker) ?? Infinity))
    .map((speaker) => ({
      ...speaker,
      percent: total > 0 ? (speaker.talk_ratio / total) * 100 : 0,
      info: infos.find((info) => info.speaker === speaker.speaker),
    }));
}
