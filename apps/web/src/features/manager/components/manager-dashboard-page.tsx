import { PagePlaceholder } from '../../../components/page-placeholder';

/** Manager stat cards, range tabs and charts arrive with the manager work. */
export function ManagerDashboardPage() {
  return <PagePlaceholder />;
}
