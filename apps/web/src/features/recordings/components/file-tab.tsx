import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

type FileTabProps = {
  id: string;
  onFileChange: (file: File | null) => void;
  error?: string;
};

/** The "File upload" tab: the audio file chooser (audio/* only). */
export function FileTab({ id, onFileChange, error }: FileTabProps) {
  const { t } = useTranslation();
  const describedBy = error ? `${id}-error` : `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm/6 font-medium text-gray-900 dark:text-white">
        {t('recordings.import.file')}
      </label>
      <input
        id={id}
        type="file"
        accept="audio/*"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
        className={cn(
          'mt-2 block w-full rounded-md text-sm text-gray-700 outline-1 -outline-offset-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:text-gray-300',
          'file:mr-3 file:cursor-pointer file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100',
          'dark:file:bg-indigo-500/15 dark:file:text-indigo-300 dark:hover:file:bg-indigo-500/25',
          error ? 'outline-red-400 dark:outline-red-500/70' : 'outline-gray-300 dark:outline-white/10',
        )}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-2 text-sm text-gray-500 dark:text-gray-400">
          {t('recordings.import.fileHint')}
        </p>
      )}
    </div>
  );
}
