import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { setUnauthorizedHandler } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { clearAccessToken } from '../lib/storage';
import { routes } from './route-table';

export const router = createBrowserRouter(routes);

// A 401 on any authenticated call: the token is no longer accepted, so sign out and go to /signin.
setUnauthorizedHandler(() => {
  clearAccessToken();
  queryClient.clear();
  void router.navigate(paths.signIn.getHref(), { replace: true });
});
