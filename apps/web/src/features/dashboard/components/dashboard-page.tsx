import { PagePlaceholder } from '../../../components/page-placeholder';

/** Call Insights Hub: the signed-in user's figures, recent calls and entry points come later. */
export function DashboardPage() {
  return <PagePlaceholder />;
}
