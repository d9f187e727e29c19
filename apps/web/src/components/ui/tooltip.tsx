import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

type TooltipTriggerProps = { 'aria-describedby': string };

type TooltipProps = {
  /** The tooltip text; it also becomes the trigger's accessible description. */
  content: string;
  /** Renders the trigger (a focusable element) with the props that link it to the tooltip. */
  children: (props: TooltipTriggerProps) => ReactNode;
  placement?: 'top' | 'bottom';
  className?: string;
};

/**
 * A short text shown while the trigger is hovered or focused, hidden again with Escape
 * (WCAG 1.4.13). Screen readers get it as the trigger's description at all times.
 */
export function Tooltip({ content, children, placement = 'bottom', className }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span
      className={cn('relative inline-flex', className)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {children({ 'aria-describedby': id })}
      <span
        id={id}
        role="tooltip"
        className={cn(
          'pointer-events-none absolute right-0 z-30 w-max max-w-64 rounded-md whitespace-normal break-words bg-gray-900 px-2.5 py-1.5 text-left text-xs font-medium text-white shadow-lg transition-opacity dark:bg-gray-700 dark:ring-1 dark:ring-white/10',
          placement === 'bottom' ? 'top-full mt-2' : 'bottom-full mb-2',
          open ? 'visible opacity-100' : 'invisible opacity-0',
        )}
      >
        {content}
      </span>
    </span>
  );
}
