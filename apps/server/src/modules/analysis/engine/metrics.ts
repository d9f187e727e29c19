/**
 * Conversation metrics in plain code from the speaker segments (no model involved).
 *
 * Definitions (times in seconds; figures rounded to 3 decimals):
 *  - talk_seconds: sum of the speaker's segment durations (end − start, never negative);
 *  - talk_ratio: talk_seconds / everyone's talk_seconds (0 when nobody spoke);
 *  - longest_monologue_seconds: longest turn, a turn being consecutive segments of the same speaker
 *    merged (from the first segment's start to the last one's end);
 *  - question_count: questions the speaker asked (same rule as the rules analyzer);
 *  - words_per_minute: the speaker's words / (talk_seconds / 60), 0 without talk time;
 *  - total_duration: last segment end − first segment start;
 *  - interactivity: speaker switches (turn changes) per minute of total_duration;
 *  - patience_seconds: mean pause before the rep answers, a pause being the start of a rep turn minus
 *    the end of the customer turn right before it, clamped at 0; 0 when the rep never answers.
 * Segments with empty text are ignored. The rep is the given speaker or the heuristic of
 * `speakers.ts`.
 */
import type { ConversationMetrics, SpeakerMetrics } from '@call-insights/contracts/analysis';
import type { Segment } from '@call-insights/contracts/transcript';
import { resolveLanguage } from './language.js';
import { compiledLexicon } from './rules/compiled-lexicon.js';
import { questionCounts } from './rules/questions.js';
import { detectRepSpeaker, sortSegments, toTurns } from './speakers.js';
import { countWords } from './text.js';

const round = (n: number) => Math.round(n * 1000) / 1000;

export function computeMetrics(
  segments: readonly Segment[],
  repSpeaker?: string | null,
  language?: string,
): ConversationMetrics {
  const spoken = sortSegments(segments).filter((s) => s.text.trim().length > 0);
  const turns = toTurns(spoken);
  const lex = compiledLexicon(resolveLanguage(language, spoken.map((s) => s.text).join(' ')));
  const questions = questionCounts(turns, lex);
  const rep = repSpeaker ?? detectRepSpeaker(spoken, questions);

  const order: string[] = [];
  const talk = new Map<string, number>();
  const words = new Map<string, number>();
  for (const s of spoken) {
    if (!order.includes(s.speaker)) order.push(s.speaker);
    talk.set(s.speaker, (talk.get(s.speaker) ?? 0) + Math.max(0, s.end - s.start));
    words.set(s.speaker, (words.get(s.speaker) ?? 0) + countWords(s.text));
  }
  const totalTalk = [...talk.values()].reduce((a, b) => a + b, 0);

  const longest = new Map<string, number>();
  for (const t of turns)
    longest.set(t.speaker, Math.max(longest.get(t.speaker) ?? 0, Math.max(0, t.end - t.start)));

  const speakers: SpeakerMetrics[] = order.map((speaker) => {
    const seconds = talk.get(speaker) ?? 0;
    return {
      speaker,
      talk_seconds: round(seconds),
      talk_ratio: totalTalk > 0 ? round(seconds / totalTalk) : 0,
      longest_monologue_seconds: round(longest.get(speaker) ?? 0),
      question_count: questions.get(speaker) ?? 0,
      words_per_minute: seconds > 0 ? round((words.get(speaker) ?? 0) / (seconds / 60)) : 0,
    };
  });

  const first = spoken[0];
  const totalDuration = first ? Math.max(...spoken.map((s) => s.end)) - first.start : 0;
  const switches = Math.max(0, turns.length - 1);

  const pauses: number[] = [];
  for (let i = 1; i < turns.length; i++) {
    const cur = turns[i];
    const prev = turns[i - 1];
    if (cur && prev && cur.speaker === rep && prev.speaker !== rep)
      pauses.push(Math.max(0, cur.start - prev.end));
  }

  return {
    speakers,
    rep_speaker: rep,
    total_duration: round(Math.max(0, totalDuration)),
    interactivity: totalDuration > 0 ? round(switches / (totalDuration / 60)) : 0,
    patience_seconds: pauses.length > 0 ? round(pauses.reduce((a, b) => a + b, 0) / pauses.length) : 0,
  };
}
