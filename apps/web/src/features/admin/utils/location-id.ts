import { LocationId } from '@call-insights/contracts/locations';

/** The `:id` of an admin location URL, or null when it is not a valid id. */
export function parseLocationId(raw: string | undefined): number | null {
  const parsed = LocationId.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
