/** Coaching feedback text, split into lines whose leading "Label:" is shown in bold. */

/** `spaced`: the label was written with a space before its colon, as French does ("Bilan : …"). */
export type FeedbackLine = { label: string | null; text: string; spaced?: boolean };

const LABEL_LINE = /^([^:]{1,60}?)([\s\u00a0\u202f]?):\s*(.*)$/u;
const BULLET = /^(?:[-*•]\s+)/;

/** One line: "Connecting questions: good" → label "Connecting questions", text "good". */
export function parseFeedbackLine(line: string): FeedbackLine {
  const trimmed = line.trim().replace(BULLET, '');
  const match = LABEL_LINE.exec(trimmed);
  // "See https://…" is a sentence with a link, not a label.
  if (!match || match[3]?.startsWith('//')) return { label: null, text: trimmed };
  return { label: match[1]!.trim(), text: match[3]!.trim(), ...(match[2] ? { spaced: true } : {}) };
}

/** Every non-blank line of the feedback, in order. */
export function parseFeedback(text: string | null | undefined): FeedbackLine[] {
  if (!text) return [];
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map(parseFeedbackLine);
}
