import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';

type UrlTabProps = { id: string; registration: UseFormRegisterReturn<'fileUrl'>; error?: string };

/** The "File URL" tab: the address of an audio file on the web. */
export function UrlTab({ id, registration, error }: UrlTabProps) {
  const { t } = useTranslation();
  return (
    <Input
      id={id}
      type="url"
      inputMode="url"
      autoComplete="url"
      spellCheck={false}
      label={t('recordings.import.url')}
      placeholder={t('recordings.import.urlPlaceholder')}
      error={error}
      {...registration}
    />
  );
}
