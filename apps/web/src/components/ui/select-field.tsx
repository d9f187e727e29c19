import { ChevronDownIcon } from '@heroicons/react/16/solid';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type SelectFieldProps = ComponentProps<'select'> & {
  id: string;
  label: string;
  hint?: string;
};

/** A labelled native select (keyboard and screen-reader friendly), styled like the text inputs. */
export function SelectField({ id, label, hint, className, children, ...props }: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm/6 font-medium text-gray-900 dark:text-white">
        {label}
      </label>
      <div className="mt-2 grid grid-cols-1">
        <select
          id={id}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={cn(
            'col-start-1 row-start-1 w-full appearance-none rounded-md bg-white py-1.5 pr-8 pl-3 text-base text-gray-900',
            'outline-1 -outline-offset-1 outline-gray-300 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 sm:text-sm/6',
            'disabled:cursor-not-allowed disabled:opacity-60',
            'dark:bg-white/5 dark:text-white dark:outline-white/10 dark:focus:outline-indigo-500 dark:*:bg-gray-800',
          )}
          {...props}
        >
          {children}
        </select>
        <ChevronDownIcon
          aria-hidden="true"
          className="pointer-events-none col-start-1 row-start-1 mr-2 size-5 self-center justify-self-end text-gray-500 sm:size-4 dark:text-gray-400"
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-2 text-sm text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      )}
    </div>
  );
}
