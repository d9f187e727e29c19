import { PagePlaceholder } from '../../../components/page-placeholder';

/** Admin locations (table, sync calls, add user) arrive with the administration work. */
export function AdminLocationsPage() {
  return <PagePlaceholder />;
}
