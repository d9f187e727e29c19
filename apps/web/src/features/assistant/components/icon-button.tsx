import type { ComponentProps, ComponentType, SVGProps } from 'react';
import { cn } from '../../../lib/cn';

type IconButtonProps = Omit<ComponentProps<'button'>, 'children'> & {
  /** What the button does, for screen readers. */
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

/** The assistant's small icon buttons: show or hide the conversation list. */
export function IconButton({ label, icon: Icon, className, ...props }: IconButtonProps) {
  return (
    <button
      type="button"
      {...props}
      className={cn(
        'rounded-md p-2 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-gray-300 dark:hover:bg-white/10',
        className,
      )}
    >
      <span className="sr-only">{label}</span>
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
