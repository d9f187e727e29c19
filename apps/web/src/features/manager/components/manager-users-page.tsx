import { PagePlaceholder } from '../../../components/page-placeholder';

/** The manager's user list arrives with the manager work. */
export function ManagerUsersPage() {
  return <PagePlaceholder />;
}
