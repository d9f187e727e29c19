/** The app's route table: one lazily loaded chunk per page, an error boundary on each. */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { i18n, type SectionNamespace } from '../lib/i18n';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import type { PageKey, RouteHandle } from './route-handle';
import { RouteErrorPage } from './routes/route-error';
import { RouteFallback } from './routes/route-fallback';

type Load = () => Promise<ComponentType>;

/**
 * A route whose component is its own chunk, fetched when the route is first matched (the router
 * starts the fetch before rendering and keeps the current page on screen meanwhile). Each page has
 * its own error boundary, so one failing page (or chunk) keeps the frame around it.
 */
function page(path: string, load: Load, key?: PageKey, namespaces: SectionNamespace[] = []): RouteObject {
  const handle: RouteHandle | undefined = key ? { page: key } : undefined;
  return {
    path,
    handle,
    errorElement: <RouteErrorPage />,
    lazy: async () => {
      // The page's texts come with its code, so it never renders keys.
      const [Component] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
      return { Component };
    },
  };
}

/** A layout route that is its own chunk too (the signed-in shell with Headless UI). */
function lazyLayout(load: Load, children: RouteObject[]): RouteObject {
  return { lazy: async () => ({ Component: await load() }), children };
}

// One arrow per page: Vite turns each `import()` into its own chunk.
const signIn: Load = () => import('../features/auth/components/sign-in-page').then((m) => m.SignInPage);

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown while the first matched route's chunk arrives; later navigations keep the old page.
    HydrateFallback: RouteFallback,
    children: [
      {
        element: <AuthLayout />,
        children: [
          page(paths.home.path, signIn),
          page(paths.signIn.path, signIn),
          page(paths.signUp.path, () =>
            import('../features/auth/components/sign-up-page').then((m) => m.SignUpPage),
          ),
          page(paths.forgotPassword.path, () =>
            import('../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
          ),
          page(paths.resetPassword.path, () =>
            import('../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
          ),
          page(paths.insertKey.path, () =>
            import('../features/crm/components/insert-key-page').then((m) => m.InsertKeyPage),
          ),
          page(paths.syncCrm.path, () =>
            import('../features/crm/components/sync-crm-page').then((m) => m.SyncCrmPage),
          ),
          page(paths.acceptInvite.path, () =>
            import('../features/auth/components/accept-invite-page').then((m) => m.AcceptInvitePage),
          ),
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          page(
            paths.share.path,
            () => import('../features/share/components/share-page').then((m) => m.SharePage),
            undefined,
            ['analysis'],
          ),
          {
            lazy: async () => ({
              Component: (await import('./guards/require-session')).RequireSession,
            }),
            children: [
              page(paths.crmRedirect.path, () =>
                import('../features/crm/components/crm-redirect-page').then((m) => m.CrmRedirectPage),
              ),
            ],
          },
        ],
      },
      lazyLayout(
        () => import('./layouts/main-layout').then((m) => m.MainLayout),
        [
          page(
            paths.main.dashboard.path,
            () => import('../features/dashboard/components/dashboard-page').then((m) => m.DashboardPage),
            'dashboard',
          ),
          page(
            paths.main.admin.path,
            () =>
              import('../features/admin/components/admin-locations-page').then((m) => m.AdminLocationsPage),
            'admin',
          ),
          page(
            paths.main.locationUsers.path,
            () => import('../features/admin/components/location-users-page').then((m) => m.LocationUsersPage),
            'locationUsers',
          ),
          page(
            paths.main.locationEdit.path,
            () => import('../features/admin/components/location-edit-page').then((m) => m.LocationEditPage),
            'locationEdit',
          ),
          page(
            paths.main.callAnalysis.path,
            () =>
              import('../features/analysis/components/call-analysis-page').then((m) => m.CallAnalysisPage),
            'callAnalysis',
            ['analysis'],
          ),
          page(
            paths.main.recordings.path,
            () => import('../features/recordings/components/recordings-page').then((m) => m.RecordingsPage),
            'recordings',
            ['recordings'],
          ),
          page(
            paths.main.trackers.path,
            () => import('../features/trackers/components/trackers-page').then((m) => m.TrackersPage),
            'trackers',
          ),
          page(
            paths.main.profile.path,
            () => import('../features/settings/components/profile-page').then((m) => m.ProfilePage),
            'profile',
          ),
          page(
            paths.main.organization.path,
            () =>
              import('../features/organization/components/organization-page').then((m) => m.OrganizationPage),
            'organization',
          ),
          page(
            paths.main.account.path,
            () => import('../features/crm/components/account-page').then((m) => m.AccountPage),
            'account',
          ),
          page(
            paths.main.managerDashboard.path,
            () =>
              import('../features/manager/components/manager-dashboard-page').then(
                (m) => m.ManagerDashboardPage,
              ),
            'managerDashboard',
          ),
          page(
            paths.main.managerUsers.path,
            () => import('../features/manager/components/manager-users-page').then((m) => m.ManagerUsersPage),
            'managerUsers',
          ),
          page(
            paths.main.assistant.path,
            () => import('../features/assistant/components/assistant-page').then((m) => m.AssistantPage),
            'assistant',
          ),
        ],
      ),
      page(paths.notFound.path, () => import('./routes/not-found').then((m) => m.NotFoundPage)),
    ],
  },
];
