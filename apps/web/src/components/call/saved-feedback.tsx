import { useTranslation } from 'react-i18next';
import { FeedbackText } from './feedback-text';
import { mutedTextClasses, subheadingClasses } from './styles';

type SavedFeedbackProps = { coaching: string | null; headingId: string };

/** The coaching feedback saved on the recording, or a note that there is none. */
export function SavedFeedback({ coaching, headingId }: SavedFeedbackProps) {
  const { t } = useTranslation();
  const text = coaching?.trim();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className={subheadingClasses}>
        {t('analysis.coaching.savedFeedback')}
      </h3>
      {text ? (
        <FeedbackText text={text} className="mt-3" />
      ) : (
        <p className={`mt-2 ${mutedTextClasses}`}>{t('analysis.coaching.noSavedFeedback')}</p>
      )}
    </section>
  );
}
