import { PagePlaceholder } from '../../../components/page-placeholder';

/** Rename a location; the form arrives with the administration work. */
export function LocationEditPage() {
  return <PagePlaceholder />;
}
