import type { Role } from '@call-insights/contracts/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { useCurrentUser } from '../lib/auth';
import { Alert } from './ui/alert';
import { Spinner } from './ui/spinner';

/** The server's role ranks: an admin may do what a manager may, a manager what a user may. */
const RANK: Record<Role, number> = { user: 1, manager: 2, admin: 3 };

/** Whether `role` reaches `required` (a manager's page is for managers and admins). */
export function hasRole(role: Role | undefined, required: Role): boolean {
  return role !== undefined && RANK[role] >= RANK[required];
}

/** A refusal for lack of rights (403), e.g. the role was changed while the page was open. */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/** The "no access" notice of a page the current role may not use. */
export function NoAccess({ children }: { children: ReactNode }) {
  return <Alert tone="warning">{children}</Alert>;
}

type RoleGateProps = {
  /** The lowest role that may see the page (the server refuses the others as well). */
  role: Role;
  /** What the others see instead: who may use the page and whom to ask. */
  message: ReactNode;
  children: ReactNode;
};

/**
 * Renders `children` only for users with `role` or above; others get `message` and the page's
 * requests, which would only fail, are never sent.
 */
export function RoleGate({ role, message, children }: RoleGateProps) {
  const { t } = useTranslation();
  const { data: user, isLoading } = useCurrentUser();
  if (!user) return isLoading ? <Spinner label={t('common.loading')} /> : null;
  if (!hasRole(user.role, role)) return <NoAccess>{message}</NoAccess>;
  return <>{children}</>;
}
