import {
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Tab,
  TabGroup,
  TabList,
  TabPanel,
  TabPanels,
} from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import type { ActiveLocation } from '../api/get-active-locations';
import {
  defaultImportForm,
  importFormSchema,
  MAX_SPEAKERS,
  MIN_SPEAKERS,
  pairingProblem,
  type ImportFormValues,
  type ImportSource,
  type PairingProblem,
} from '../api/import-form';
import { useFieldError } from '../hooks/use-field-error';
import { AccountSelect } from './account-select';
import { FileTab } from './file-tab';
import { PhoneInput } from './phone-input';
import { UrlTab } from './url-tab';

export const IMPORT_TABS: readonly ImportSource[] = ['file', 'url'];

type ImportDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The tab in use; kept by the page so a URL import can bring back the "File upload" tab. */
  source: ImportSource;
  onSourceChange: (source: ImportSource) => void;
  locations: readonly ActiveLocation[];
  onSubmit: (values: ImportFormValues) => void;
};

/** "Import file": File upload / File URL tabs, the shared fields and Upload (spec 2 and 5). */
export function ImportDialog({ open, onClose, ...formProps }: ImportDialogProps) {
  const { t } = useTranslation();
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-500/75 transition-opacity data-closed:opacity-0 data-enter:duration-300 data-enter:ease-out data-leave:duration-200 data-leave:ease-in dark:bg-gray-900/80"
      />
      <div className="fixed inset-0 z-10 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            transition
            className="relative w-full transform rounded-lg bg-white px-4 pt-5 pb-4 text-left shadow-xl transition-all data-closed:translate-y-4 data-closed:opacity-0 data-enter:duration-300 data-enter:ease-out data-leave:duration-200 data-leave:ease-in sm:my-8 sm:max-w-lg sm:p-6 data-closed:sm:translate-y-0 data-closed:sm:scale-95 dark:bg-gray-800 dark:outline dark:-outline-offset-1 dark:outline-white/10"
          >
            <div className="flex items-start justify-between gap-x-4">
              <DialogTitle as="h2" className="text-base font-semibold text-gray-900 dark:text-white">
                {t('recordings.import.title')}
              </DialogTitle>
              <button
                type="button"
                onClick={onClose}
                aria-label={t('common.close')}
                className="-m-1.5 rounded-md p-1.5 text-gray-400 hover:text-gray-500 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-white"
              >
                <XMarkIcon aria-hidden="true" className="size-5" />
              </button>
            </div>
            <ImportForm onCancel={onClose} {...formProps} />
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}

type ImportFormProps = Omit<ImportDialogProps, 'open' | 'onClose'> & { onCancel: () => void };

const tabClasses = cn(
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 focus:outline-hidden data-focus-visible:outline-2 data-focus-visible:outline-indigo-600 data-hover:text-gray-900',
  'data-selected:bg-white data-selected:text-gray-900 data-selected:shadow-xs',
  'dark:text-gray-400 dark:data-hover:text-white dark:data-selected:bg-white/10 dark:data-selected:text-white',
);

/** Mounted each time the dialog opens, so every import starts from a fresh form. */
function ImportForm({ source, onSourceChange, locations, onSubmit, onCancel }: ImportFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const id = useId();
  const [blocked, setBlocked] = useState<PairingProblem | null>(null);
  const form = useForm({ resolver: zodResolver(importFormSchema), defaultValues: defaultImportForm(source) });
  const { register, control, handleSubmit, setValue, getValues, clearErrors, formState } = form;
  const [file, fileUrl, phoneNumber, locationId] = useWatch({
    control,
    name: ['file', 'fileUrl', 'phoneNumber', 'locationId'],
  });
  const problem = pairingProblem({ phoneNumber: phoneNumber ?? '', locationId: locationId ?? null });
  const ready = source === 'file' ? Boolean(file) : Boolean(fileUrl?.trim());
  // A phone number goes with a CRM account (spec): without any account it could never be sent, so
  // the field says so instead of accepting a number that then blocks Upload.
  const noAccounts = locations.length === 0;
  const phoneWarning = noAccounts
    ? t('recordings.import.hintNoAccounts')
    : problem === 'accountWithoutPhone'
      ? t(source === 'file' ? 'recordings.import.hintFileNoPhone' : 'recordings.import.hintUrlNoPhone')
      : undefined;

  const changeTab = (index: number) => {
    const next = IMPORT_TABS[index] ?? 'file';
    setValue('source', next);
    clearErrors(['file', 'fileUrl']);
    onSourceChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec: an upload with only one of phone and account is blocked with an alert.
    const found = pairingProblem(getValues());
    if (found) {
      setBlocked(found);
      return;
    }
    setValue('source', source);
    void handleSubmit(onSubmit)(event);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4">
      <TabGroup selectedIndex={IMPORT_TABS.indexOf(source)} onChange={changeTab}>
        <TabList
          aria-label={t('recordings.import.tabs')}
          className="flex gap-x-1 rounded-lg bg-gray-100 p-1 dark:bg-white/5"
        >
          {/* The tab in use takes the focus when the dialog opens. */}
          <Tab autoFocus={source === 'file'} className={tabClasses}>
            {t('recordings.import.fileTab')}
          </Tab>
          <Tab autoFocus={source === 'url'} className={tabClasses}>
            {t('recordings.import.urlTab')}
          </Tab>
        </TabList>
        <TabPanels className="mt-5">
          {/* Both panels stay mounted so a chosen file or typed address survives a tab switch. */}
          <TabPanel unmount={false} className="focus:outline-hidden">
            <Controller
              control={control}
              name="file"
              render={({ field }) => (
                <FileTab
                  id={`${id}-file`}
                  onFileChange={(chosen) => field.onChange(chosen)}
                  error={fieldError(formState.errors.file)}
                />
              )}
            />
          </TabPanel>
          <TabPanel unmount={false} className="focus:outline-hidden">
            <UrlTab
              id={`${id}-url`}
              registration={register('fileUrl')}
              error={fieldError(formState.errors.fileUrl)}
            />
          </TabPanel>
        </TabPanels>
      </TabGroup>

      <div className="mt-5 space-y-5">
        <Input
          id={`${id}-speakers`}
          type="number"
          inputMode="numeric"
          min={MIN_SPEAKERS}
          max={MAX_SPEAKERS}
          step={1}
          label={t('recordings.import.speakers')}
          error={fieldError(formState.errors.numSpeakers)}
          className="sm:max-w-64"
          {...register('numSpeakers', { valueAsNumber: true })}
        />
        <PhoneInput
          id={`${id}-phone`}
          inputProps={{ ...register('phoneNumber'), disabled: noAccounts }}
          countryProps={{ ...register('phoneCountry'), disabled: noAccounts }}
          error={fieldError(formState.errors.phoneNumber)}
          warning={phoneWarning}
        />
        <Controller
          control={control}
          name="locationId"
          render={({ field }) => (
            <AccountSelect
              value={field.value ?? null}
              onChange={field.onChange}
              locations={locations}
              warning={problem === 'phoneWithoutAccount' ? t('recordings.import.hintNoAccount') : undefined}
            />
          )}
        />
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!ready || problem !== null}>
          {t('recordings.import.submit')}
        </Button>
      </div>

      <Dialog
        open={blocked !== null}
        onClose={() => setBlocked(null)}
        role="alertdialog"
        tone="error"
        title={t('recordings.alerts.title')}
        description={blocked ? t(`recordings.alerts.${blocked}`) : undefined}
        actions={<Button onClick={() => setBlocked(null)}>{t('recordings.upload.ok')}</Button>}
      />
    </form>
  );
}
