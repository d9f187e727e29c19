import type { ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminLocationsPage } from '../features/admin/components/admin-locations-page';
import { LocationEditPage } from '../features/admin/components/location-edit-page';
import { LocationUsersPage } from '../features/admin/components/location-users-page';
import { CallAnalysisPage } from '../features/analysis/components/call-analysis-page';
import { AssistantPage } from '../features/assistant/components/assistant-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { SignUpPage } from '../features/auth/components/sign-up-page';
import { CrmRedirectPage } from '../features/crm/components/crm-redirect-page';
import { InsertKeyPage } from '../features/crm/components/insert-key-page';
import { SyncCrmPage } from '../features/crm/components/sync-crm-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { ManagerDashboardPage } from '../features/manager/components/manager-dashboard-page';
import { ManagerUsersPage } from '../features/manager/components/manager-users-page';
import { RecordingsPage } from '../features/recordings/components/recordings-page';
import { SharePage } from '../features/share/components/share-page';
import { AccountPage } from '../features/settings/components/account-page';
import { ProfilePage } from '../features/settings/components/profile-page';
import { setUnauthorizedHandler } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { clearAccessToken } from '../lib/storage';
import { RequireSession } from './guards/require-session';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { PublicLayout } from './layouts/public-layout';
import { paths } from './paths';
import type { PageKey, RouteHandle } from './route-handle';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorPage } from './routes/route-error';

/** A page route with its own error boundary, so one failing page keeps the frame around it. */
function page(path: string, element: ReactElement, key?: PageKey): RouteObject {
  const handle: RouteHandle | undefined = key ? { page: key } : undefined;
  return { path, element, handle, errorElement: <RouteErrorPage /> };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          page(paths.home.path, <SignInPage />),
          page(paths.signIn.path, <SignInPage />),
          page(paths.signUp.path, <SignUpPage />),
          page(paths.forgotPassword.path, <ForgotPasswordPage />),
          page(paths.resetPassword.path, <ResetPasswordPage />),
          page(paths.insertKey.path, <InsertKeyPage />),
          page(paths.syncCrm.path, <SyncCrmPage />),
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          page(paths.share.path, <SharePage />),
          { element: <RequireSession />, children: [page(paths.crmRedirect.path, <CrmRedirectPage />)] },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          page(paths.main.dashboard.path, <DashboardPage />, 'dashboard'),
          page(paths.main.admin.path, <AdminLocationsPage />, 'admin'),
          page(paths.main.locationUsers.path, <LocationUsersPage />, 'locationUsers'),
          page(paths.main.locationEdit.path, <LocationEditPage />, 'locationEdit'),
          page(paths.main.callAnalysis.path, <CallAnalysisPage />, 'callAnalysis'),
          page(paths.main.recordings.path, <RecordingsPage />, 'recordings'),
          page(paths.main.profile.path, <ProfilePage />, 'profile'),
          page(paths.main.account.path, <AccountPage />, 'account'),
          page(paths.main.managerDashboard.path, <ManagerDashboardPage />, 'managerDashboard'),
          page(paths.main.managerUsers.path, <ManagerUsersPage />, 'managerUsers'),
          page(paths.main.assistant.path, <AssistantPage />, 'assistant'),
        ],
      },
      page(paths.notFound.path, <NotFoundPage />),
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 on any authenticated call: the token is no longer accepted, so sign out and go to /signin.
setUnauthorizedHandler(() => {
  clearAccessToken();
  queryClient.clear();
  void router.navigate(paths.signIn.getHref(), { replace: true });
});
