import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clearAccessToken, getAccessToken } from '../../../lib/storage';
import { isTokenValid } from '../../../lib/token';
import { verifyTokenQueryOptions } from '../api/verify-token';

export type StoredSessionState = 'none' | 'checking' | 'valid';

/**
 * On arrival at sign-in: a stored token that is valid by `exp` is checked with the server.
 * Anything but a 200 (an expired, undecodable or refused token) logs the user out.
 */
export function useStoredSessionCheck(): StoredSessionState {
  const token = getAccessToken();
  const validByExp = isTokenValid(token);
  const query = useQuery({ ...verifyTokenQueryOptions(token ?? ''), enabled: validByExp });

  const refused = query.isError;
  useEffect(() => {
    if ((token && !validByExp) || refused) clearAccessToken();
  }, [token, validByExp, refused]);

  if (!validByExp || query.isError) return 'none';
  return query.isSuccess ? 'valid' : 'checking';
}
