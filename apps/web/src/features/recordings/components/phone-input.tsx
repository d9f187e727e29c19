import { PHONE_COUNTRIES, type PhoneCountry } from '@call-insights/contracts/recordings';
import { ChevronDownIcon } from '@heroicons/react/16/solid';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

type PhoneInputProps = {
  id: string;
  /** The number field (registered with react-hook-form). */
  inputProps: ComponentProps<'input'>;
  /** The country selector (registered with react-hook-form). */
  countryProps: ComponentProps<'select'>;
  error?: string;
  /** An orange hint under the field (spec: phone and account go together). */
  warning?: string;
};

/** "Phone number" with its "Country" selector (US +1, Canada +1, UK +44, Mexico +52). */
export function PhoneInput({ id, inputProps, countryProps, error, warning }: PhoneInputProps) {
  const { t } = useTranslation();
  const describedBy =
    [error && `${id}-error`, warning && `${id}-warning`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm/6 font-medium text-gray-900 dark:text-white">
        {t('recordings.import.phone')}
      </label>
      <div
        className={cn(
          'mt-2 flex rounded-md bg-white outline-1 -outline-offset-1 focus-within:outline-2 focus-within:-outline-offset-2 dark:bg-white/5',
          error
            ? 'outline-red-400 focus-within:outline-red-600 dark:outline-red-500/70'
            : 'outline-gray-300 focus-within:outline-indigo-600 dark:outline-white/10 dark:focus-within:outline-indigo-500',
        )}
      >
        <div className="grid shrink-0 grid-cols-1 focus-within:relative">
          <select
            aria-label={t('recordings.import.country')}
            autoComplete="tel-country-code"
            className="col-start-1 row-start-1 w-full appearance-none rounded-md bg-transparent py-1.5 pr-7 pl-3 text-base text-gray-500 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 sm:text-sm/6 dark:text-gray-400 dark:focus:outline-indigo-500 [&>option]:text-gray-900 dark:[&>option]:bg-gray-800 dark:[&>option]:text-white"
            {...countryProps}
          >
            {PHONE_COUNTRIES.map((country) => (
              <option key={country.code} value={country.code satisfies PhoneCountry}>
                {t(`recordings.import.countries.${country.code}`)}
              </option>
            ))}
          </select>
          <ChevronDownIcon
            aria-hidden="true"
            className="pointer-events-none col-start-1 row-start-1 mr-2 size-5 self-center justify-self-end text-gray-500 sm:size-4 dark:text-gray-400"
          />
        </div>
        <input
          id={id}
          type="tel"
          autoComplete="tel-national"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="block min-w-0 grow bg-transparent py-1.5 pr-3 pl-1 text-base text-gray-900 placeholder:text-gray-400 focus:outline-none sm:text-sm/6 dark:text-white dark:placeholder:text-gray-500"
          {...inputProps}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {warning && (
        <p id={`${id}-warning`} className="mt-2 text-sm text-orange-600 dark:text-orange-400">
          {warning}
        </p>
      )}
    </div>
  );
}
