import { MoonIcon, SunIcon } from '@heroicons/react/24/outline';
import { useTranslation } from 'react-i18next';
import { useDarkMode } from '../hooks/use-dark-mode';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { dark, toggle } = useDarkMode();
  const label = dark ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      className="-m-2.5 rounded-md p-2.5 text-gray-400 hover:text-gray-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-gray-400 dark:hover:text-white"
    >
      {dark ? (
        <SunIcon aria-hidden="true" className="size-6" />
      ) : (
        <MoonIcon aria-hidden="true" className="size-6" />
      )}
    </button>
  );
}
