import { cn } from '../../lib/cn';
import { parseFeedback } from './feedback-lines';

type FeedbackTextProps = { text: string | null | undefined; className?: string };

/** Coaching feedback line by line; a leading "Label:" is bold, French "Label :" keeps its space. */
export function FeedbackText({ text, className }: FeedbackTextProps) {
  const lines = parseFeedback(text);
  return (
    <ul className={cn('space-y-2 text-sm/6 text-gray-700 dark:text-gray-300', className)}>
      {lines.map((line, index) => (
        <li key={index}>
          {line.label !== null && (
            <>
              <strong className="font-semibold text-gray-900 dark:text-white">
                {line.label}
                {line.spaced ? '\u00a0:' : ':'}
              </strong>{' '}
            </>
          )}
          {line.text}
        </li>
      ))}
    </ul>
  );
}
