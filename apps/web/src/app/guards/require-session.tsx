import { Navigate, Outlet } from 'react-router';
import { hasValidSession } from '../../lib/auth';
import { paths } from '../../config/paths';

/** Lets the child routes render only with a stored token that is valid by its `exp`. */
export function RequireSession() {
  if (!hasValidSession()) return <Navigate to={paths.signIn.getHref()} replace />;
  return <Outlet />;
}
