import { z } from 'zod';
import { Id } from './http.js';

/**
 * Trackers (the spec's "Phrases"): an organization's named lists of phrases, in English and
 * French, looked for in every analysed call; each mention is kept with its time and speaker.
 */

export const TRACKER_NAME_MAX = 60;
export const TRACKER_PHRASE_MAX = 80;
export const TRACKER_PHRASES_MAX = 30;
export const TRACKERS_PER_ORGANIZATION_MAX = 50;

export const TrackerId = Id;
export const TrackerIdParams = z.object({ id: TrackerId });
export const RecordingIdParams = z.object({ id: Id });

const Phrase = z.string().trim().min(1).max(TRACKER_PHRASE_MAX);
const PhraseList = z.array(Phrase).max(TRACKER_PHRASES_MAX);

/** A tracker's phrases by language; matching ignores case, accents and punctuation. */
export const TrackerPhrases = z.object({ en: PhraseList, fr: PhraseList });
export type TrackerPhrases = z.infer<typeof TrackerPhrases>;

/** The keys of the trackers every organization starts with. */
export const DefaultTrackerKey = z.enum(['competitors', 'budget', 'timing', 'decision-makers']);
export type DefaultTrackerKey = z.infer<typeof DefaultTrackerKey>;

/**
 * The default tracker whose name a tracker still has (the interface shows that name in the reader's
 * language), or null for a tracker the organization named or renamed.
 */
const DefaultName = DefaultTrackerKey.nullable();

export const Tracker = z.object({
  id: z.number().int(),
  name: z.string(),
  defaultName: DefaultName,
  phrases: TrackerPhrases,
  /** One of the trackers every organization starts with (competitors, budget, timing, decision makers). */
  builtIn: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tracker = z.infer<typeof Tracker>;

export const TrackerList = z.object({ trackers: z.array(Tracker) });
export type TrackerList = z.infer<typeof TrackerList>;

/** Create or replace a tracker: a name and at least one phrase in either language. */
export const TrackerInput = z
  .object({
    name: z.string().trim().min(1).max(TRACKER_NAME_MAX),
    phrases: TrackerPhrases,
  })
  .strict()
  .refine((t) => t.phrases.en.length + t.phrases.fr.length > 0, {
    message: 'Add at least one phrase',
    path: ['phrases'],
  });
export type TrackerInput = z.infer<typeof TrackerInput>;

/** One mention of a tracker's phrase in a call. */
export const TrackerHit = z.object({
  speaker: z.string(),
  /** Seconds from the start of the call: the segment in which the phrase was said. */
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  /** The tracker's phrase that matched. */
  phrase: z.string(),
  /** The words as the speaker said them. */
  said: z.string(),
  /** The sentence around the mention. */
  sentence: z.string(),
});
export type TrackerHit = z.infer<typeof TrackerHit>;

/** A call's mentions, tracker by tracker (every tracker of the organization, with or without hits). */
export const RecordingTrackerHits = z.object({
  trackers: z.array(
    z.object({ id: z.number().int(), name: z.string(), defaultName: DefaultName, hits: z.array(TrackerHit) }),
  ),
});
export type RecordingTrackerHits = z.infer<typeof RecordingTrackerHits>;

export const ReapplyRunStatus = z.enum(['running', 'done', 'superseded']);

/** Re-applying the current trackers to the organization's calls, in batches, as a durable job. */
export const ReapplyRun = z.object({
  id: z.number().int(),
  status: ReapplyRunStatus,
  /** Calls done so far, out of `total` (the calls with a transcript when the run started). */
  processed: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReapplyRun = z.infer<typeof ReapplyRun>;
