import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../components/auth-card';
import { TextLink } from '../../../components/text-link';
import { Spinner } from '../../../components/ui/spinner';
import { useStoredSessionCheck } from '../hooks/use-stored-session-check';
import { SignInForm } from './sign-in-form';

export function SignInPage() {
  const { t } = useTranslation();
  const session = useStoredSessionCheck();

  if (session === 'valid') return <Navigate to={paths.main.dashboard.getHref()} replace />;

  return (
    <AuthCard
      title={t('auth.signIn.title')}
      footer={
        <>
          {t('auth.signIn.notMember')}{' '}
          <TextLink to={paths.signUp.getHref()}>{t('auth.signIn.signUp')}</TextLink>
        </>
      }
    >
      {session === 'checking' ? (
        <div className="flex justify-center py-10">
          <Spinner
            className="size-6 text-indigo-600 dark:text-indigo-400"
            label={t('auth.signIn.checkingSession')}
          />
        </div>
      ) : (
        <SignInForm />
      )}
    </AuthCard>
  );
}
