import { z } from 'zod';

/** One stretch of speech by one speaker; times in seconds from the start of the recording. */
export const Segment = z.object({
  speaker: z.string().min(1).describe('Speaker label, e.g. "Speaker 1"; one per channel for stereo calls'),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  text: z.string(),
});
export type Segment = z.infer<typeof Segment>;

export const Transcript = z.object({
  segments: z.array(Segment),
  text: z.string(),
  language: z.string().optional(),
});
export type Transcript = z.infer<typeof Transcript>;
