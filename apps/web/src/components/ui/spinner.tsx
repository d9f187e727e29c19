import { cn } from '../../lib/cn';

type SpinnerProps = { className?: string; label?: string };

/** A spinning ring; with a label it is announced as a status, without one it is decorative. */
export function Spinner({ className, label }: SpinnerProps) {
  const svg = (
    <svg className={cn('size-5 animate-spin', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-full items-center justify-center bg-white py-24 dark:bg-gray-900">
      <Spinner className="size-8 text-indigo-600 dark:text-indigo-400" label={label} />
    </div>
  );
}
