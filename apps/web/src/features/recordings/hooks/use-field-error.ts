import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../hooks/use-error-text';

type ImportMessageKey = `recordings.import.${
  'speakersRange' | 'phoneInvalid' | 'fileRequired' | 'notAudio' | 'urlRequired' | 'urlInvalid'}`;

const IMPORT_KEYS: ReadonlySet<string> = new Set<ImportMessageKey>([
  'recordings.import.speakersRange',
  'recordings.import.phoneInvalid',
  'recordings.import.fileRequired',
  'recordings.import.notAudio',
  'recordings.import.urlRequired',
  'recordings.import.urlInvalid',
]);

function isImportKey(message: string): message is ImportMessageKey {
  return IMPORT_KEYS.has(message);
}

/** Field errors of the import form: our `recordings.import.*` keys, then the app's own messages. */
export function useFieldError() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return useCallback(
    (error: { message?: string } | undefined): string | undefined => {
      const message = error?.message;
      if (message && isImportKey(message)) return t(message);
      return errorText(error);
    },
    [t, errorText],
  );
}
