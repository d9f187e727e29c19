import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type SectionCardProps = {
  titleId: string;
  title: string;
  /** Shown at the right of the title. */
  aside?: ReactNode;
  /** Without padding the content runs to the card's edges (tab lists). */
  flush?: boolean;
  className?: string;
  children: ReactNode;
};

/** A titled card of the call analysis pages. */
export function SectionCard({ titleId, title, aside, flush = false, className, children }: SectionCardProps) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col rounded-lg bg-white shadow-xs ring-1 ring-gray-200 dark:bg-gray-800/50 dark:shadow-none dark:ring-white/10',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-x-4 border-b border-gray-200 px-4 py-3 sm:px-6 dark:border-white/10">
        <h2 id={titleId} className="text-base/7 font-semibold text-gray-900 dark:text-white">
          {title}
        </h2>
        {aside}
      </div>
      <div className={cn('min-h-0 flex-1', !flush && 'p-4 sm:p-6')}>{children}</div>
    </section>
  );
}
