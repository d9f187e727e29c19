import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** "Back" to the admin locations page. */
export function BackToLocations() {
  const { t } = useTranslation('crm');
  return (
    <Link to={paths.main.admin.getHref()} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
      <ArrowLeftIcon aria-hidden="true" className="-ml-0.5 size-4" />
      {t('back')}
    </Link>
  );
}
