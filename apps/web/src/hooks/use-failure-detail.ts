import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';

/** The server's own explanation of a failure (or the network message), if there is one. */
export function useFailureDetail(error: unknown): string | null {
  const { t } = useTranslation();
  if (!isApiError(error)) return null;
  if (error.code === 'NETWORK') return t('errors.network');
  return error.message.trim() || null;
}
