import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { currentUserQueryOptions, hasValidSession } from '../../lib/auth';
import { getStoredUserId } from '../../lib/storage';
import { paths } from '../../config/paths';
import { PageFallback } from '../routes/route-fallback';
import { AppShell } from './shell/app-shell';

/**
 * Guard and shell of every /main page. Needs a stored token valid by `exp`; loads the current
 * user and shows the shell only once that fetch has finished (at once when the id is missing).
 */
export function MainLayout() {
  const { t } = useTranslation();
  const sessionValid = hasValidSession();
  const userId = getStoredUserId();
  const userQuery = useQuery(currentUserQueryOptions(sessionValid ? userId : null));

  useEffect(() => {
    // Spec: a failed user fetch is only logged; a 401 already sent the user to /signin.
    if (userQuery.error) console.error('Error fetching user', userQuery.error);
  }, [userQuery.error]);

  if (!sessionValid) return <Navigate to={paths.signIn.getHref()} replace />;
  if (userId !== null && userQuery.isPending) return <FullPageSpinner label={t('common.loading')} />;

  return (
    <AppShell user={userQuery.data}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
