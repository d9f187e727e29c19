/** The one route table of the app: every path pattern and the helper that builds its link. */

const encode = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: { path: '/', getHref: () => '/' },
  signIn: { path: '/signin', getHref: () => '/signin' },
  signUp: { path: '/signup', getHref: () => '/signup' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password/:token',
    getHref: (token: string) => `/reset-password/${encode(token)}`,
  },
  insertKey: { path: '/insert-key', getHref: () => '/insert-key' },
  syncCrm: { path: '/sync-crm', getHref: () => '/sync-crm' },
  crmRedirect: { path: '/redirect', getHref: () => '/redirect' },
  acceptInvite: {
    path: '/accept-invite/:token',
    getHref: (token: string) => `/accept-invite/${encode(token)}`,
  },
  share: { path: '/share/:link', getHref: (link: string) => `/share/${encode(link)}` },
  main: {
    dashboard: { path: '/main/dashboard', getHref: () => '/main/dashboard' },
    admin: { path: '/main/admin', getHref: () => '/main/admin' },
    locationUsers: {
      path: '/main/admin/location/:id',
      getHref: (id: string | number) => `/main/admin/location/${encode(id)}`,
    },
    locationEdit: {
      path: '/main/admin/location/edit/:id',
      getHref: (id: string | number) => `/main/admin/location/edit/${encode(id)}`,
    },
    callAnalysis: {
      path: '/main/call-analysis/:id',
      getHref: (id: string | number) => `/main/call-analysis/${encode(id)}`,
    },
    recordings: {
      path: '/main/recordings',
      /** `{ openImport: true }` opens the import dialog on arrival (the hub's quick action). */
      getHref: (options: { openImport?: boolean } = {}) =>
        options.openImport ? '/main/recordings?import=1' : '/main/recordings',
    },
    trackers: { path: '/main/trackers', getHref: () => '/main/trackers' },
    profile: { path: '/main/settings/profile', getHref: () => '/main/settings/profile' },
    account: { path: '/main/settings/account', getHref: () => '/main/settings/account' },
    organization: { path: '/main/settings/organization', getHref: () => '/main/settings/organization' },
    managerDashboard: { path: '/main/manager/dashboard', getHref: () => '/main/manager/dashboard' },
    managerUsers: { path: '/main/manager/users', getHref: () => '/main/manager/users' },
    assistant: { path: '/main/assistant', getHref: () => '/main/assistant' },
  },
  notFound: { path: '*' },
} as const;
