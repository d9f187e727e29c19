/**
 * What both coaches need from a request: segments (from the text when missing), language, metrics,
 * the rep, and the coach and method checked against the catalogue.
 */
import type {
  CoachCatalogue,
  CoachingMethod,
  CoachProfile,
  ConversationMetrics,
} from '@call-insights/contracts/analysis';
import type { Segment } from '@call-insights/contracts/transcript';
import { resolveLanguage, type EngineLanguage } from '../../analysis/engine/language.js';
import { computeMetrics } from '../../analysis/engine/metrics.js';
import { segmentsFromText } from '../../analysis/engine/speakers.js';
import { resolveCoaching } from './catalogue.js';
import type { CoachInput } from './coaching-engine.js';

export type CoachingContext = {
  segments: Segment[];
  language: EngineLanguage;
  metrics: ConversationMetrics;
  coach: CoachProfile;
  method: CoachingMethod;
};

export function coachingContext(catalogue: CoachCatalogue, input: CoachInput): CoachingContext {
  const { coach, method } = resolveCoaching(catalogue, input.coachName, input.method);
  const segments = input.segments.length > 0 ? input.segments : segmentsFromText(input.text);
  const language = resolveLanguage(input.language, segments.map((s) => s.text).join(' '));
  const metrics = input.metrics ?? computeMetrics(segments, undefined, language);
  return { segments, language, metrics, coach, method };
}
