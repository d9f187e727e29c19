import { PagePlaceholder } from '../../../components/page-placeholder';

/** The chat assistant arrives with the assistant work. */
export function AssistantPage() {
  return <PagePlaceholder />;
}
