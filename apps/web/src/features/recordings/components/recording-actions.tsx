import type { RecordingListItem } from '@call-insights/contracts/recordings';
import { ArrowDownTrayIcon, EyeIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';

const iconButtonClasses =
  'inline-flex rounded-md text-gray-500 hover:bg-gray-100 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-gray-400 dark:hover:bg-white/10 dark:hover:text-indigo-400';

type RecordingActionsProps = {
  item: RecordingListItem;
  onDownload: (item: RecordingListItem) => void;
  /** Padding of each icon button: the phone cards give a larger touch target than the table. */
  padding?: 'p-1.5' | 'p-2';
};

/** A recording's actions, in the table and in the phone cards: view its analysis, download it. */
export function RecordingActions({ item, onDownload, padding = 'p-1.5' }: RecordingActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Link
        to={paths.main.callAnalysis.getHref(item.id)}
        aria-label={t('recordings.actions.view')}
        title={t('recordings.actions.view')}
        className={cn(iconButtonClasses, padding)}
      >
        <EyeIcon aria-hidden="true" className="size-5" />
      </Link>
      <button
        type="button"
        onClick={() => onDownload(item)}
        aria-label={t('recordings.actions.download')}
        title={t('recordings.actions.download')}
        className={cn(iconButtonClasses, padding)}
      >
        <ArrowDownTrayIcon aria-hidden="true" className="size-5" />
      </button>
    </>
  );
}
