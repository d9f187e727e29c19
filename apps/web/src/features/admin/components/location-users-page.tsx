import { PagePlaceholder } from '../../../components/page-placeholder';

/** The users of one location; the title becomes "<location name> - User list" once it loads. */
export function LocationUsersPage() {
  return <PagePlaceholder />;
}
