import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogueRenderProps } from '../../../components/call/call-analysis-content';
import { activeTurnIndex, type Turn } from '../../../components/call/dialogue';
import { DialogueList } from '../../../components/call/dialogue-list';
import { Spinner } from '../../../components/ui/spinner';
import { audioUrlQueryOptions, isAudioUrlExpired } from '../api/get-audio-url';

/** Plays the call from a time, in seconds (registered by the player once its audio is loaded). */
export type SeekFn = (seconds: number) => void;

type DialoguePlayerProps = DialogueRenderProps & {
  recordingId: number;
  hasAudio: boolean;
  /** Filled with the player's seek function, so other parts of the page (Phrases) can play a moment. */
  seekRef?: RefObject<SeekFn | null>;
};

/**
 * The Dialogue tab with the call's audio: a player above the turns; a turn plays the call from its
 * start, and the turn being heard is highlighted as the audio advances.
 */
export function DialoguePlayer({ recordingId, hasAudio, turns, speakers, seekRef }: DialoguePlayerProps) {
  const { t } = useTranslation();
  const audioQuery = useQuery(audioUrlQueryOptions(recordingId, hasAudio));
  const audioRef = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState<number | null>(null);
  const { error: audioError, data: audioUrl, refetch } = audioQuery;

  useEffect(() => {
    // Spec 8 style: a failed load is logged; the dialogue stays readable without the player.
    if (audioError) console.error('Error fetching the audio URL', audioError);
  }, [audioError]);

  const playFrom = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    setTime(seconds);
    audio.play().catch((error: unknown) => console.error('Error playing the recording', error));
  }, []);
  const playTurn = useCallback((turn: Turn) => playFrom(turn.start), [playFrom]);

  useEffect(() => {
    if (!seekRef) return;
    seekRef.current = playFrom;
    return () => {
      seekRef.current = null;
    };
  }, [seekRef, playFrom]);

  const activeIndex = time === null ? -1 : activeTurnIndex(turns, time);
  const ready = Boolean(audioUrl);

  return (
    <>
      {hasAudio && (
        <div className="sticky top-0 z-10 border-b border-gray-200 bg-white px-4 py-3 sm:px-6 dark:border-white/10 dark:bg-gray-800">
          {audioUrl ? (
            <audio
              ref={audioRef}
              src={audioUrl.url}
              controls
              preload="metadata"
              aria-label={t('analysis.transcript.audioLabel')}
              className="h-10 w-full"
              onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
              onSeeked={(event) => setTime(event.currentTarget.currentTime)}
              onError={(event) => {
                console.error('Error loading the recording', event.currentTarget.error);
                // A signed URL that expired while the page stayed open: ask for a new one.
                if (isAudioUrlExpired(audioUrl)) void refetch();
              }}
            />
          ) : audioError ? (
            <p className="text-sm text-gray-500 dark:text-gray-400">
              {t('analysis.transcript.audioUnavailable')}
            </p>
          ) : (
            <Spinner
              className="size-5 text-indigo-600 dark:text-indigo-400"
              label={t('analysis.transcript.audioLoading')}
            />
          )}
        </div>
      )}
      <div className="p-4 sm:p-6">
        <DialogueList
          turns={turns}
          speakers={speakers}
          activeIndex={activeIndex}
          onPlayTurn={ready ? playTurn : undefined}
        />
      </div>
    </>
  );
}
