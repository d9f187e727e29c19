import { PagePlaceholder } from '../../../components/page-placeholder';

/** The recordings list, import and export arrive with the recordings work. */
export function RecordingsPage() {
  return <PagePlaceholder />;
}
