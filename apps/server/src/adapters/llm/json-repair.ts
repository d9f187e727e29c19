/**
 * The one repair we allow on model output before giving up: local models often wrap JSON in
 * markdown fences or add a sentence around it. Anything else stays invalid (and is retried).
 */

/** The outermost `{…}` of a text, without markdown fences; null when there is none. */
export function stripJsonFences(text: string): string | null {
  const unfenced = text.replace(/```(?:json)?/giu, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  const candidate = unfenced.slice(start, end + 1);
  return candidate === text ? null : candidate;
}
