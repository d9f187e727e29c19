import { PagePlaceholder } from '../../../components/page-placeholder';

/** Call analysis of one recording (contact card, charts, transcript, insights) comes later. */
export function CallAnalysisPage() {
  return <PagePlaceholder />;
}
