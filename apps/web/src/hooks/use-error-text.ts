import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { messageKey } from '../lib/validation';

/** Turns a form field error (an i18n key or a server message) into text in the current language. */
export function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: { message?: string } | undefined): string | undefined => {
      const message = error?.message;
      if (!message) return undefined;
      const known = messageKey(message);
      if (!known) return message;
      // Keys come from our own validation map, so they exist in the locale files.
      return t(known.key as 'validation.required', { count: known.count ?? 0 });
    },
    [t],
  );
}

/** A generic, translated text for an error that has no better place to be shown. */
export function useApiErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown): string => {
      if (isApiError(error)) {
        if (error.code === 'NETWORK') return t('errors.network');
        if (error.status === 429) return t('errors.tooManyAttempts');
      }
      return t('errors.generic');
    },
    [t],
  );
}
