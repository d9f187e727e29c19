import { useCallback, useSyncExternalStore } from 'react';
import { isDarkMode, setDarkMode, subscribeDarkMode } from '../lib/theme';

export function useDarkMode() {
  const dark = useSyncExternalStore(subscribeDarkMode, isDarkMode, isDarkMode);
  const toggle = useCallback(() => setDarkMode(!isDarkMode()), []);
  return { dark, toggle };
}
