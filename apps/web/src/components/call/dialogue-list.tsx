import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import type { Turn } from './dialogue';
import { formatClock } from './format';
import { speakerName, type SpeakerInfo } from './speakers';
import { speakerToneClasses } from './styles';

type DialogueListProps = {
  turns: readonly Turn[];
  speakers: ReadonlyMap<string, SpeakerInfo>;
  /** The turn being played, highlighted. */
  activeIndex?: number;
  /** With a player: each turn is a button that plays the call from the turn's start. */
  onPlayTurn?: (turn: Turn) => void;
};

/** Speaker-labelled turns of the call, rep and customer on opposite sides, each in its colour. */
export function DialogueList({ turns, speakers, activeIndex = -1, onPlayTurn }: DialogueListProps) {
  const { t } = useTranslation();
  const baseId = useId();

  if (turns.length === 0) {
    return <p className="text-sm text-gray-500 dark:text-gray-400">{t('analysis.transcript.noDialogue')}</p>;
  }

  const speakerLabel = (info: SpeakerInfo | undefined, speaker: string) => speakerName(t, speaker, info);

  return (
    <ol className="space-y-3">
      {turns.map((turn, index) => {
        const info = speakers.get(turn.speaker);
        const tone = speakerToneClasses[info?.tone ?? 0];
        const active = index === activeIndex;
        const contentId = `${baseId}-turn-${index}`;
        const content = (
          <>
            <span className="flex items-baseline gap-x-2 text-xs">
              <span className={cn('font-semibold', tone.label)}>{speakerLabel(info, turn.speaker)}</span>
              <span className="text-gray-500 tabular-nums dark:text-gray-400">
                {formatClock(turn.start, { padMinutes: true })}
              </span>
            </span>
            <span className="mt-1 block text-sm/6 whitespace-pre-line text-gray-800 dark:text-gray-200">
              {turn.text}
            </span>
          </>
        );
        const bubble = cn(
          'block max-w-[85%] rounded-lg px-3.5 py-2.5 text-left ring-1',
          tone.bubble,
          active && 'ring-2 ring-indigo-600 dark:ring-indigo-400',
        );
        return (
          <li
            key={`${turn.start}-${index}`}
            className={cn('flex', info?.side === 'end' ? 'justify-end' : 'justify-start')}
          >
            {onPlayTurn ? (
              <button
                type="button"
                aria-label={t('analysis.transcript.playFrom', { time: formatClock(turn.start) })}
                aria-describedby={contentId}
                aria-current={active ? 'true' : undefined}
                onClick={() => onPlayTurn(turn)}
                className={cn(
                  bubble,
                  'cursor-pointer transition hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:hover:brightness-125',
                )}
              >
                <span id={contentId} className="block">
                  {content}
                </span>
              </button>
            ) : (
              <div className={bubble} aria-current={active ? 'true' : undefined}>
                {content}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
