/** Coaching feedback text, split into lines whose leading "Label:" is shown in bold. */

export type FeedbackLine = { label: string | null; text: string };

const LABEL_LINE = /^([^:]{1,60}):\s*(.*)$/;
const BULLET = /^(?:[-*•]\s+)/;

/** One line: "Connecting questions: good" → label "Connecting questions", text "good". */
export function parseFeedbackLine(line: string): FeedbackLine {
  const trimmed = line.trim().replace(BULLET, '');
  const match = LABEL_LINE.exec(trimmed);
  // "See https://…" is a sentence with a link, not a label.
  if (!match || match[2]?.startsWith('//')) return { label: null, text: trimmed };
  return { label: match[1]!.trim(), text: match[2]!.trim() };
}

/** Every non-blank line of the feedback, in order. */
export function parseFeedback(text: string | null | undefined): FeedbackLine[] {
  if (!text) return [];
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map(parseFeedbackLine);
}
