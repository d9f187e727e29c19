/** Class names shared by the call analysis components: speaker colours and tab styles. */
import { cn } from '../../lib/cn';
import type { SpeakerTone } from './speakers';

type ToneClasses = { bubble: string; label: string; swatch: string };

/** One colour per speaker, readable on light and dark backgrounds. */
export const speakerToneClasses: Record<SpeakerTone, ToneClasses> = {
  0: {
    bubble: 'bg-indigo-50 ring-indigo-200 dark:bg-indigo-500/10 dark:ring-indigo-400/30',
    label: 'text-indigo-700 dark:text-indigo-300',
    swatch: 'bg-indigo-500 dark:bg-indigo-400',
  },
  1: {
    bubble: 'bg-emerald-50 ring-emerald-200 dark:bg-emerald-500/10 dark:ring-emerald-400/30',
    label: 'text-emerald-700 dark:text-emerald-300',
    swatch: 'bg-emerald-500 dark:bg-emerald-400',
  },
  2: {
    bubble: 'bg-amber-50 ring-amber-200 dark:bg-amber-500/10 dark:ring-amber-400/30',
    label: 'text-amber-800 dark:text-amber-300',
    swatch: 'bg-amber-500 dark:bg-amber-400',
  },
  3: {
    bubble: 'bg-sky-50 ring-sky-200 dark:bg-sky-500/10 dark:ring-sky-400/30',
    label: 'text-sky-700 dark:text-sky-300',
    swatch: 'bg-sky-500 dark:bg-sky-400',
  },
  4: {
    bubble: 'bg-rose-50 ring-rose-200 dark:bg-rose-500/10 dark:ring-rose-400/30',
    label: 'text-rose-700 dark:text-rose-300',
    swatch: 'bg-rose-500 dark:bg-rose-400',
  },
};

export const tabListClasses = 'flex gap-x-6 border-b border-gray-200 px-4 sm:px-6 dark:border-white/10';

export const tabClasses = cn(
  '-mb-px border-b-2 border-transparent px-1 py-3 text-sm font-medium whitespace-nowrap text-gray-500',
  'focus:outline-hidden data-focus-visible:rounded-xs data-focus-visible:outline-2 data-focus-visible:outline-indigo-600',
  'data-hover:border-gray-300 data-hover:text-gray-700',
  'data-selected:border-indigo-600 data-selected:text-indigo-600',
  'dark:text-gray-400 dark:data-hover:border-white/20 dark:data-hover:text-gray-200',
  'dark:data-selected:border-indigo-400 dark:data-selected:text-indigo-400',
);

export const tabPanelClasses =
  'focus:outline-hidden focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600';

export const subheadingClasses = 'text-sm font-semibold text-gray-900 dark:text-white';
export const bodyTextClasses = 'text-sm/6 text-gray-700 dark:text-gray-300';
export const mutedTextClasses = 'text-sm text-gray-500 dark:text-gray-400';
