import { cn } from '../../../lib/cn';

type StatCardProps = { id: string; label: string; value: string | undefined; busy?: boolean };

/** One figure of the dashboard, named by its label for assistive technology (a labelled group). */
export function StatCard({ id, label, value, busy = false }: StatCardProps) {
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-busy={busy || undefined}
      className="overflow-hidden rounded-lg bg-white px-4 py-5 shadow-sm ring-1 ring-gray-900/5 sm:p-6 dark:bg-gray-800/75 dark:ring-white/10"
    >
      <p id={`${id}-label`} className="truncate text-sm font-medium text-gray-500 dark:text-gray-400">
        {label}
      </p>
      <p
        className={cn(
          'mt-1 text-3xl font-semibold tracking-tight text-gray-900 tabular-nums transition-opacity dark:text-white',
          busy && 'opacity-50',
        )}
      >
        {value ?? (
          <span className="inline-block h-8 w-16 animate-pulse rounded bg-gray-200 dark:bg-white/10" />
        )}
      </p>
    </div>
  );
}
