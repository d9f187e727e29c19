import {
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import { CheckIcon, ExclamationTriangleIcon, InformationCircleIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type DialogTone = 'success' | 'error' | 'info';

const tones: Record<DialogTone, { ring: string; icon: string; Icon: typeof CheckIcon }> = {
  success: {
    ring: 'bg-green-100 dark:bg-green-500/10',
    icon: 'text-green-600 dark:text-green-400',
    Icon: CheckIcon,
  },
  error: {
    ring: 'bg-red-100 dark:bg-red-500/10',
    icon: 'text-red-600 dark:text-red-400',
    Icon: ExclamationTriangleIcon,
  },
  info: {
    ring: 'bg-indigo-100 dark:bg-indigo-500/10',
    icon: 'text-indigo-600 dark:text-indigo-400',
    Icon: InformationCircleIcon,
  },
};

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  tone?: DialogTone;
  /** The buttons; the first focusable one gets the focus when the dialog opens. */
  actions: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for a message that interrupts the user and needs an answer (default `dialog`). */
  role?: 'dialog' | 'alertdialog';
};

/** A centred modal dialog (Headless UI): focus is trapped, Escape and the backdrop close it. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  tone,
  actions,
  children,
  role = 'dialog',
}: DialogProps) {
  const toneStyle = tone ? tones[tone] : undefined;
  return (
    <HeadlessDialog open={open} onClose={onClose} role={role} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-500/75 transition-opacity data-closed:opacity-0 data-enter:duration-300 data-enter:ease-out data-leave:duration-200 data-leave:ease-in dark:bg-gray-900/80"
      />
      <div className="fixed inset-0 z-10 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 text-center sm:items-center sm:p-0">
          <DialogPanel
            transition
            className="relative w-full transform overflow-hidden rounded-lg bg-white px-4 pt-5 pb-4 text-left shadow-xl transition-all data-closed:translate-y-4 data-closed:opacity-0 data-enter:duration-300 data-enter:ease-out data-leave:duration-200 data-leave:ease-in sm:my-8 sm:max-w-md sm:p-6 data-closed:sm:translate-y-0 data-closed:sm:scale-95 dark:bg-gray-800 dark:outline dark:-outline-offset-1 dark:outline-white/10"
          >
            <div className={cn(toneStyle && 'sm:flex sm:items-start')}>
              {toneStyle && (
                <div
                  className={cn(
                    'mx-auto flex size-12 shrink-0 items-center justify-center rounded-full sm:mx-0 sm:size-10',
                    toneStyle.ring,
                  )}
                >
                  <toneStyle.Icon aria-hidden="true" className={cn('size-6', toneStyle.icon)} />
                </div>
              )}
              <div className={cn('mt-3 text-center sm:mt-0 sm:text-left', toneStyle && 'sm:ml-4')}>
                <DialogTitle as="h3" className="text-base font-semibold text-gray-900 dark:text-white">
                  {title}
                </DialogTitle>
                {description && (
                  <Description className="mt-2 text-sm text-gray-500 dark:text-gray-400">
                    {description}
                  </Description>
                )}
                {children}
              </div>
            </div>
            <div className="mt-5 flex flex-col-reverse gap-3 sm:mt-6 sm:flex-row sm:justify-end">
              {actions}
            </div>
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
