import type { RecordingStatus } from '@call-insights/contracts/recordings';
import type { TrackerHit } from '@call-insights/contracts/trackers';
import { PlayIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClock } from '../../../components/call/format';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { trackerHitsQueryOptions } from '../api/get-tracker-hits';
import { trackerDisplayName } from '../../../lib/tracker-names';

type PhrasesPanelProps = {
  recordingId: number;
  status: RecordingStatus;
  /** Plays the call from a time; absent when the call has no audio. */
  onSeek?: (seconds: number) => void;
};

/** The sentence with the words as said marked (their first occurrence). */
function MarkedSentence({ hit }: { hit: TrackerHit }) {
  const at = hit.sentence.indexOf(hit.said);
  if (at < 0) return <>{hit.sentence}</>;
  return (
    <>
      {hit.sentence.slice(0, at)}
      <mark className="rounded-sm bg-amber-100 px-0.5 text-gray-900 dark:bg-amber-400/20 dark:text-amber-100">
        {hit.said}
      </mark>
      {hit.sentence.slice(at + hit.said.length)}
    </>
  );
}

/** "Phrases": each tracker of the organization with its mentions in the call, each one playable. */
export function PhrasesPanel({ recordingId, status, onSeek }: PhrasesPanelProps) {
  const { t } = useTranslation('trackers');
  const analysed = status === 'done';
  const query = useQuery({ ...trackerHitsQueryOptions(recordingId, status), enabled: analysed });

  useEffect(() => {
    if (query.error) console.error('Error fetching the phrases', query.error);
  }, [query.error]);

  if (!analysed) return <p className="text-sm text-gray-500 dark:text-gray-400">{t('phrases.pending')}</p>;
  if (query.isPending) {
    return <Spinner className="size-5 text-indigo-600 dark:text-indigo-400" label={t('phrases.loading')} />;
  }
  if (query.isError)
    return <p className="text-sm text-red-600 dark:text-red-400">{t('phrases.loadFailed')}</p>;

  const trackers = query.data.trackers;
  return (
    <div className="space-y-6">
      <div className="flex items-baseline justify-between gap-x-4">
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('phrases.intro')}</p>
        <Link
          to={paths.main.trackers.getHref()}
          className="shrink-0 text-sm font-semibold text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
        >
          {t('phrases.manage')}
        </Link>
      </div>
      {trackers.length === 0 && (
        <p className="text-sm text-gray-500 dark:text-gray-400">{t('phrases.noTrackers')}</p>
      )}
      {trackers.map((tracker) => (
        <section key={tracker.id} aria-labelledby={`tracker-${tracker.id}`}>
          <div className="flex items-baseline justify-between gap-x-3">
            <h3 id={`tracker-${tracker.id}`} className="text-sm font-semibold text-gray-900 dark:text-white">
              {trackerDisplayName(tracker, t)}
            </h3>
            <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400">
              {t('phrases.mentions', { count: tracker.hits.length })}
            </span>
          </div>
          {tracker.hits.length === 0 ? (
            <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{t('phrases.noMentions')}</p>
          ) : (
            <ul role="list" className="mt-2 space-y-2">
              {tracker.hits.map((hit, index) => (
                <li
                  key={`${hit.start}-${index}`}
                  className="flex gap-x-3 rounded-md bg-gray-50 p-2.5 dark:bg-white/5"
                >
                  {onSeek && (
                    <button
                      type="button"
                      onClick={() => onSeek(hit.start)}
                      aria-label={t('phrases.playFrom', { time: formatClock(hit.start) })}
                      className="mt-0.5 h-fit rounded-full p-1 text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-400 dark:hover:bg-white/10"
                    >
                      <PlayIcon aria-hidden="true" className="size-4" />
                    </button>
                  )}
                  <div className="min-w-0">
                    <p className="text-xs text-gray-500 dark:text-gray-400">
                      {t('phrases.saidAt', { speaker: hit.speaker, time: formatClock(hit.start) })}
                    </p>
                    <p className="mt-0.5 text-sm/6 text-gray-800 dark:text-gray-200">
                      <MarkedSentence hit={hit} />
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
