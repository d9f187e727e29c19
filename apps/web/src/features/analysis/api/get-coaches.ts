import { CoachCatalogue, type CoachingMethod, type CoachProfile } from '@call-insights/contracts/analysis';
import { analysisApi } from '@call-insights/contracts/analysis.routes';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { analysisKeys } from './get-analysis-record';

export const coachCatalogueSchema = CoachCatalogue;

/** GET /analysis/coaches → the coaches and methods of the "Coach name" and "Method" selectors. */
export async function getCoaches(signal?: AbortSignal): Promise<CoachCatalogue> {
  return callApi(analysisApi.coaches, {}, { signal });
}

export function coachesQueryOptions() {
  return queryOptions({
    queryKey: analysisKeys.coaches(),
    queryFn: ({ signal }) => getCoaches(signal),
    staleTime: Infinity,
  });
}

/** The methods a coach offers, in the coach's order, as found in the catalogue. */
export function methodsForCoach(catalogue: CoachCatalogue, coachName: string) {
  const coach = catalogue.coaches.find((item) => item.name === coachName);
  if (!coach) return [];
  return coach.methods.flatMap((name) => catalogue.methods.filter((method) => method.name === name));
}

const isFrench = (language: string | undefined) => language?.toLowerCase().split('-')[0] === 'fr';

/**
 * What the selectors show a reader of `language` ("fr", "fr-CA"…): the catalogue's French name and
 * description when it has them, else its English ones. The request still names the coach by `name`.
 */
export function coachLabel(coach: CoachProfile, language: string | undefined): string {
  return (isFrench(language) ? coach.name_fr : undefined) ?? coach.name;
}

export function methodDescription(method: CoachingMethod, language: string | undefined): string {
  return (isFrench(language) ? method.description_fr : undefined) ?? method.description;
}
