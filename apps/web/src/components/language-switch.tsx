import { ChevronDownIcon, LanguageIcon } from '@heroicons/react/20/solid';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLanguage, supportedLanguages } from '../lib/i18n';

/** English / Français, saved as `language`. A native select: keyboard and screen-reader friendly. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Reading i18n.resolvedLanguage through the hook re-renders this on every language change.
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return (
    <div className="relative inline-flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <LanguageIcon
        aria-hidden="true"
        className="pointer-events-none absolute left-2 size-4 text-gray-400 dark:text-gray-500"
      />
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isLanguage(event.target.value)) changeLanguage(event.target.value);
        }}
        className="appearance-none rounded-md bg-transparent py-1.5 pr-7 pl-7 text-sm font-medium text-gray-700 outline-1 -outline-offset-1 outline-gray-300 hover:bg-gray-50 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 dark:text-gray-200 dark:outline-white/10 dark:hover:bg-white/5 dark:focus:outline-indigo-500 [&>option]:text-gray-900"
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute right-1.5 size-4 text-gray-400 dark:text-gray-500"
      />
    </div>
  );
}
