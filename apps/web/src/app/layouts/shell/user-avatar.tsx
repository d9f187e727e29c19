import { UserIcon } from '@heroicons/react/24/solid';
import { cn } from '../../../lib/cn';

/** The first letter of the first name, or a user icon when there is none. */
export function UserAvatar({ firstName, className }: { firstName: string | undefined; className?: string }) {
  const initial = firstName?.trim().charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200',
        className,
      )}
    >
      {initial ? initial : <UserIcon className="size-5" />}
    </span>
  );
}
