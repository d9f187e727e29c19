/**
 * Owns read-only questions about an organization's calls and leads, for the assistant (chat
 * module) and later the dashboards. The caller decides the scope from the signed-in user; limits
 * are clamped here so no caller can ask for an unbounded page.
 */
import type {
  CallFilters,
  CallInsightsRepository,
  CallRange,
  CallRow,
  CallScope,
  FiguresRow,
  LeadRow,
  PhraseRow,
  RepFiguresRow,
} from './call-insights.repository.js';

export type { CallFilters, CallRange, CallRow, CallScope, FiguresRow, LeadRow, PhraseRow, RepFiguresRow };

const clamp = (n: number, max: number) => Math.max(1, Math.min(max, Math.floor(n)));

export function createCallInsightsService(deps: { repo: CallInsightsRepository }) {
  const { repo } = deps;
  return {
    leads: (scope: CallScope, range: CallRange, kind: 'called' | 'created', limit = 20) =>
      repo.leads(scope, range, kind, clamp(limit, 50)),
    topLeads: (scope: CallScope, range: CallRange, limit = 5) =>
      repo.topLeads(scope, range, clamp(limit, 20)),
    searchCalls: (scope: CallScope, range: CallRange, filters: CallFilters, limit = 10) =>
      repo.searchCalls(scope, range, filters, clamp(limit, 25)),
    call: (scope: CallScope, id: number) => repo.call(scope, id),
    figures: (scope: CallScope, range: CallRange) => repo.figures(scope, range),
    figuresByRep: (scope: CallScope, range: CallRange, limit = 20) =>
      repo.figuresByRep(scope, range, clamp(limit, 50)),
    phrases: (scope: CallScope, range: CallRange, field: 'objections' | 'pain_points', limit = 8) =>
      repo.phrases(scope, range, field, clamp(limit, 20)),
  };
}

export type CallInsightsService = ReturnType<typeof createCallInsightsService>;
