import { SUMMARY_DURATIONS, type SummaryDuration } from '@call-insights/contracts/manager';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

type RangeTabsProps = { value: SummaryDuration; onChange: (value: SummaryDuration) => void };

/** "1 Week" (6, default), "1 Month" (29), "1 Year" (365), "All": a tab list, arrows move between tabs. */
export function RangeTabs({ value, onChange }: RangeTabsProps) {
  const { t } = useTranslation('teams');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + SUMMARY_DURATIONS.length) % SUMMARY_DURATIONS.length;
    const duration = SUMMARY_DURATIONS[next];
    if (!duration) return;
    onChange(duration);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={t('ranges.label')}
      className="inline-flex rounded-lg bg-gray-100 p-1 dark:bg-white/5"
    >
      {SUMMARY_DURATIONS.map((duration, index) => {
        const selected = duration === value;
        return (
          <button
            key={duration}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(duration)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600',
              selected
                ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-700 dark:text-white'
                : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
            )}
          >
            {t(`ranges.${duration}`)}
          </button>
        );
      })}
    </div>
  );
}
