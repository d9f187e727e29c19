import { Dialog as HeadlessDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from './button';
import { Spinner } from './spinner';

type LoadingOverlayProps = {
  open: boolean;
  /** What is happening, e.g. "Uploading…"; also the overlay's accessible name. */
  label: string;
  /** 0–100 when known; without it only the spinner and the label show. */
  percent?: number | null;
  /** With both, a button stops the work. */
  onCancel?: () => void;
  cancelLabel?: string;
};

/**
 * A full-screen overlay over the whole app while a long task runs (an upload, a download).
 * Modal: the page behind is inert, Escape and clicks outside do nothing.
 */
export function LoadingOverlay({ open, label, percent, onCancel, cancelLabel }: LoadingOverlayProps) {
  const known = typeof percent === 'number' && Number.isFinite(percent);
  const value = known ? Math.max(0, Math.min(100, Math.round(percent))) : undefined;
  return (
    <HeadlessDialog open={open} onClose={() => undefined} className="fixed inset-0 z-[60]">
      <div aria-hidden="true" className="fixed inset-0 bg-gray-900/60 dark:bg-gray-950/80" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          aria-busy="true"
          className="w-full max-w-xs rounded-lg bg-white p-6 text-center shadow-xl dark:bg-gray-800 dark:outline dark:-outline-offset-1 dark:outline-white/10"
        >
          <Spinner className="mx-auto size-8 text-indigo-600 dark:text-indigo-400" />
          <DialogTitle className="mt-4 text-sm font-semibold text-gray-900 dark:text-white">
            {label}
          </DialogTitle>
          <div
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            className="mt-4 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
          >
            <div
              className={
                known
                  ? 'h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-500'
                  : 'h-full w-1/3 animate-pulse rounded-full bg-indigo-600 dark:bg-indigo-500'
              }
              style={known ? { width: `${value}%` } : undefined}
            />
          </div>
          {known && (
            <p className="mt-2 text-2xl font-semibold text-gray-900 tabular-nums dark:text-white">{value}%</p>
          )}
          {onCancel && cancelLabel && (
            <Button variant="secondary" size="sm" className="mt-4" onClick={onCancel}>
              {cancelLabel}
            </Button>
          )}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
