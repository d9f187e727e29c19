import type { SharedAnalysis } from '@call-insights/contracts/analysis-record';
import { useTranslation } from 'react-i18next';
import { contactDisplayName, formatDuration, formatPhoneNumber } from './format';
import { SectionCard } from './section-card';

type ContactCardProps = {
  call: Pick<
    SharedAnalysis,
    | 'crm_contactName'
    | 'crm_firstName'
    | 'crm_lastName'
    | 'phone_number'
    | 'crm_email'
    | 'location'
    | 'createdAt'
    | 'duration'
  >;
  className?: string;
};

/** Who the call was with and when: contact name, phone, e-mail, account, date and duration. */
export function ContactCard({ call, className }: ContactCardProps) {
  const { t, i18n } = useTranslation();
  const none = t('analysis.contact.none');
  const created = new Date(call.createdAt);
  const date = Number.isNaN(created.getTime())
    ? none
    : new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(
        created,
      );
  const email = call.crm_email?.trim();
  const fields = [
    {
      key: 'name',
      label: t('analysis.contact.name'),
      value: contactDisplayName(call) ?? t('analysis.contact.unknown'),
    },
    { key: 'phone', label: t('analysis.contact.phone'), value: formatPhoneNumber(call.phone_number) ?? none },
    {
      key: 'email',
      label: t('analysis.contact.email'),
      value: email ? (
        <a
          href={`mailto:${email}`}
          className="text-indigo-600 hover:text-indigo-500 dark:text-indigo-400 dark:hover:text-indigo-300"
        >
          {email}
        </a>
      ) : (
        none
      ),
    },
    { key: 'account', label: t('analysis.contact.account'), value: call.location?.name || none },
    { key: 'date', label: t('analysis.contact.date'), value: date },
    {
      key: 'duration',
      label: t('analysis.contact.duration'),
      value: formatDuration(call.duration) ?? none,
    },
  ];

  return (
    <SectionCard titleId="call-contact-title" title={t('analysis.contact.title')} className={className}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.key} className="min-w-0">
            <dt className="text-sm font-medium text-gray-500 dark:text-gray-400">{field.label}</dt>
            <dd className="mt-1 truncate text-sm text-gray-900 tabular-nums dark:text-white">
              {field.value}
            </dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
