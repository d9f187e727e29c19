import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { CheckIcon, ChevronUpDownIcon } from '@heroicons/react/16/solid';
import { useTranslation } from 'react-i18next';
import type { ActiveLocation } from '../api/get-active-locations';

type AccountSelectProps = {
  value: number | null;
  onChange: (value: number | null) => void;
  locations: readonly ActiveLocation[];
  /** An orange hint under the field (spec: phone and account go together). */
  warning?: string;
};

const optionClasses =
  'group relative cursor-default py-2 pr-9 pl-3 text-gray-900 select-none data-focus:bg-indigo-600 data-focus:text-white data-focus:outline-hidden dark:text-white dark:data-focus:bg-indigo-500';

/** "Account": None or one of the active locations; the list is at most 15rem high (spec). */
export function AccountSelect({ value, onChange, locations, warning }: AccountSelectProps) {
  const { t } = useTranslation();
  const selected = locations.find((location) => location.id === value);
  const options: Array<{ id: number | null; name: string }> = [
    { id: null, name: t('recordings.import.accountNone') },
    ...locations.map((location) => ({ id: location.id, name: location.name })),
  ];

  return (
    <Field>
      <Label className="block text-sm/6 font-medium text-gray-900 dark:text-white">
        {t('recordings.import.account')}
      </Label>
      <Listbox value={value} onChange={onChange}>
        <div className="relative mt-2">
          <ListboxButton className="grid w-full cursor-default grid-cols-1 rounded-md bg-white py-1.5 pr-2 pl-3 text-left text-gray-900 outline-1 -outline-offset-1 outline-gray-300 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 sm:text-sm/6 dark:bg-white/5 dark:text-white dark:outline-white/10 dark:focus-visible:outline-indigo-500">
            <span className="col-start-1 row-start-1 truncate pr-6">
              {selected?.name ?? t('recordings.import.accountNone')}
            </span>
            <ChevronUpDownIcon
              aria-hidden="true"
              className="col-start-1 row-start-1 size-5 self-center justify-self-end text-gray-500 sm:size-4 dark:text-gray-400"
            />
          </ListboxButton>
          <ListboxOptions
            transition
            anchor="bottom start"
            className="z-[70] max-h-[15rem] w-(--button-width) overflow-auto rounded-md bg-white py-1 text-base shadow-lg ring-1 ring-black/5 [--anchor-gap:4px] focus:outline-hidden data-leave:transition data-leave:duration-100 data-leave:ease-in data-closed:data-leave:opacity-0 sm:text-sm dark:bg-gray-800 dark:shadow-none dark:-outline-offset-1 dark:outline-white/10 dark:ring-0 dark:outline"
          >
            {options.map((option) => (
              <ListboxOption key={option.id ?? 'none'} value={option.id} className={optionClasses}>
                <span className="block truncate font-normal group-data-selected:font-semibold">
                  {option.name}
                </span>
                <span className="absolute inset-y-0 right-0 hidden items-center pr-3 text-indigo-600 group-data-focus:text-white group-data-selected:flex dark:text-indigo-400">
                  <CheckIcon aria-hidden="true" className="size-5" />
                </span>
              </ListboxOption>
            ))}
          </ListboxOptions>
        </div>
      </Listbox>
      {warning && <p className="mt-2 text-sm text-orange-600 dark:text-orange-400">{warning}</p>}
    </Field>
  );
}
