import { PagePlaceholder } from '../../../components/page-placeholder';

/** Account settings (CRM accounts and sync toggles) arrive with the CRM connection work. */
export function AccountPage() {
  return <PagePlaceholder />;
}
