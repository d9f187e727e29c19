import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type InputProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Shown at the right of the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
};

const baseClasses = cn(
  'block w-full rounded-md px-3 py-1.5 text-base outline-1 -outline-offset-1 placeholder:text-gray-400',
  'focus:outline-2 focus:-outline-offset-2 sm:text-sm/6 dark:placeholder:text-gray-500',
);
const editableClasses =
  'bg-white text-gray-900 outline-gray-300 focus:outline-indigo-600 dark:bg-white/5 dark:text-white dark:outline-white/10 dark:focus:outline-indigo-500';
const invalidClasses =
  'bg-white text-gray-900 outline-red-400 focus:outline-red-600 dark:bg-white/5 dark:text-white dark:outline-red-500/70 dark:focus:outline-red-500';
const readOnlyClasses =
  'cursor-default bg-gray-50 text-gray-500 outline-gray-200 focus:outline-gray-400 dark:bg-transparent dark:text-gray-400 dark:outline-white/10 dark:focus:outline-white/30';

/** Classes of a text field in each state; exactly one state applies so colours never conflict. */
export function inputClasses({ invalid = false, readOnly = false } = {}): string {
  return cn(baseClasses, readOnly ? readOnlyClasses : invalid ? invalidClasses : editableClasses);
}

export function Input({ id, label, error, hint, labelAside, className, readOnly, ...props }: InputProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="flex items-center justify-between gap-x-3">
        <label htmlFor={id} className="block text-sm/6 font-medium text-gray-900 dark:text-white">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="mt-2">
        <input
          id={id}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses({ invalid: Boolean(error), readOnly: Boolean(readOnly) })}
          {...props}
        />
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-2 text-sm text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
