import {
  TRACKER_NAME_MAX,
  TRACKER_PHRASE_MAX,
  TRACKER_PHRASES_MAX,
  type Tracker,
  type TrackerInput,
} from '@call-insights/contracts/trackers';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isForbidden } from '../../../components/role-gate';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, inputClasses } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { useSaveTracker } from '../api/trackers';

type TrackerFormDialogProps = {
  /** The tracker to edit; `null` to create one. */
  tracker: Tracker | null;
  open: boolean;
  onClose: () => void;
  onSaved: (tracker: Tracker) => void;
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

type Problem = 'needName' | 'needPhrase' | 'tooMany' | 'tooLong';

/** What the form's values lack, checked before sending (the server checks again). */
export function formProblem(name: string, en: string[], fr: string[]): Problem | null {
  if (!name.trim()) return 'needName';
  if (en.length + fr.length === 0) return 'needPhrase';
  if (en.length > TRACKER_PHRASES_MAX || fr.length > TRACKER_PHRASES_MAX) return 'tooMany';
  if ([...en, ...fr].some((phrase) => phrase.length > TRACKER_PHRASE_MAX)) return 'tooLong';
  return null;
}

/** Add or edit a tracker: a name and one phrase per line in each language. */
export function TrackerFormDialog({ tracker, open, onClose, onSaved }: TrackerFormDialogProps) {
  const { t } = useTranslation('trackers');
  const [name, setName] = useState(tracker?.name ?? '');
  const [en, setEn] = useState(tracker?.phrases.en.join('\n') ?? '');
  const [fr, setFr] = useState(tracker?.phrases.fr.join('\n') ?? '');
  const [problem, setProblem] = useState<Problem | null>(null);
  const save = useSaveTracker();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: TrackerInput = { name: name.trim(), phrases: { en: lines(en), fr: lines(fr) } };
    const found = formProblem(input.name, input.phrases.en, input.phrases.fr);
    setProblem(found);
    if (found) return;
    save.mutate({ id: tracker?.id ?? null, input }, { onSuccess: onSaved });
  };

  // The server's message is already in the user's language (it answers by Accept-Language); a
  // refusal for lack of rights (the role changed while the page was open) says who may change trackers.
  const serverError = save.error
    ? isForbidden(save.error)
      ? t('page.forbidden')
      : isApiError(save.error)
        ? save.error.message
        : t('form.saveFailed')
    : null;
  const textareaClass = inputClasses();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={tracker ? t('form.editTitle') : t('form.createTitle')}
      actions={
        <>
          <Button type="submit" form="tracker-form" isLoading={save.isPending}>
            {save.isPending ? t('form.saving') : t('form.save')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
        </>
      }
    >
      <form id="tracker-form" noValidate onSubmit={submit} className="mt-4 space-y-4">
        <Input
          id="tracker-name"
          label={t('form.name')}
          value={name}
          maxLength={TRACKER_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          error={problem === 'needName' ? t('form.needName') : undefined}
        />
        {(['en', 'fr'] as const).map((lang) => (
          <div key={lang}>
            <label
              htmlFor={`tracker-${lang}`}
              className="block text-sm/6 font-medium text-gray-900 dark:text-white"
            >
              {t(`form.${lang}`)}
            </label>
            <textarea
              id={`tracker-${lang}`}
              rows={4}
              value={lang === 'en' ? en : fr}
              onChange={(event) => (lang === 'en' ? setEn : setFr)(event.target.value)}
              aria-describedby="tracker-phrases-help"
              className={`mt-2 ${textareaClass}`}
            />
          </div>
        ))}
        <p id="tracker-phrases-help" className="text-sm text-gray-500 dark:text-gray-400">
          {t('form.help')}
        </p>
        {problem && problem !== 'needName' && <Alert tone="error">{t(`form.${problem}`)}</Alert>}
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </form>
    </Dialog>
  );
}
