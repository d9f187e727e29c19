/**
 * Applies the redaction rules to a transcript before it is stored (and so before any analysis or
 * language model sees it): cards, SSNs and SINs always; e-mails and phones by organization setting.
 */
import type { Segment } from '@call-insights/contracts/transcript';
import { redactSegments, redactText, type RedactionKind } from '../../lib/redaction.js';
import { resolveLanguage } from '../analysis/engine/language.js';

export type RedactionPolicy = (organizationId: number) => Promise<{ emails: boolean; phones: boolean }>;

export async function redactTranscript(
  policy: RedactionPolicy,
  organizationId: number,
  transcript: { segments: Segment[]; text: string },
): Promise<{ segments: Segment[]; text: string; removed: Record<RedactionKind, number> }> {
  const { emails, phones } = await policy(organizationId);
  const language = resolveLanguage(undefined, transcript.text);
  const opts = { emails, phones, language };
  const { segments, removed } = redactSegments(transcript.segments, opts);
  return { segments, text: redactText(transcript.text, opts).text, removed };
}
