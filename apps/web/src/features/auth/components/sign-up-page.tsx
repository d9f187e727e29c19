import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../components/auth-card';
import { TextLink } from '../../../components/text-link';
import { SignUpForm } from './sign-up-form';

export function SignUpPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('auth.signUp.title')}
      footer={
        <>
          {t('auth.signUp.alreadyMember')}{' '}
          <TextLink to={paths.signIn.getHref()}>{t('auth.signUp.signIn')}</TextLink>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
