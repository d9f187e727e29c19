/**
 * The catalogue of coaches and coaching methods offered in the "Coach name" and "Method" selectors.
 * The default, in `default-catalogue.json` (the same format a deployment may supply), holds one
 * fictional coach persona and the NEPQ method ("Neuro-Emotional Persuasion Questioning", the
 * question-led selling method taught by Jeremy Miner) with a written rubric of the seven question
 * types it looks for. The rubric text is our own summary, not the author's material. A deployment
 * can replace the catalogue with a JSON file or string (`COACH_CATALOGUE`). Both are checked
 * against the contract's schema when loaded. Every text has an optional French twin (`label_fr`,
 * `what_fr`, `good_fr`, `examples.fr`, `description_fr`, `name_fr`, `persona_fr`); the default fills
 * them all, and a catalogue that leaves them out is read in English (`rubricTexts`, `coachTexts`).
 */
import { DomainError, fillPlaceholders } from '../../../errors.js';
import { readFileSync } from 'node:fs';
import {
  CoachCatalogue,
  type CoachingMethod,
  type CoachProfile,
  type RubricElement,
} from '@call-insights/contracts/analysis';
import type { EngineLanguage } from '../../analysis/engine/language.js';
import defaultCatalogueJson from './default-catalogue.json' with { type: 'json' };

export const DEFAULT_CATALOGUE: CoachCatalogue = parseCoachCatalogue(defaultCatalogueJson);

function defaultEntry<T>(entry: T | undefined, what: string): T {
  if (!entry) throw new Error(`Coach catalogue: default-catalogue.json has no ${what}`);
  return entry;
}

export const NEPQ_METHOD: CoachingMethod = defaultEntry(
  DEFAULT_CATALOGUE.methods.find((m) => m.name === 'NEPQ'),
  'NEPQ method',
);

export const DEFAULT_COACH: CoachProfile = defaultEntry(DEFAULT_CATALOGUE.coaches[0], 'coach');

/**
 * The catalogue from configuration: absent → the default; a JSON string (starting with "{") or a
 * path to a JSON file otherwise. Throws with the list of problems when it is not a valid catalogue.
 */
export function loadCoachCatalogue(source: string | undefined): CoachCatalogue {
  const s = source?.trim();
  if (!s) return DEFAULT_CATALOGUE;
  const json: unknown = JSON.parse(s.startsWith('{') ? s : readFileSync(s, 'utf8'));
  return parseCoachCatalogue(json);
}

/** Checks a catalogue against the contract's schema and that every coach's methods exist. */
function parseCoachCatalogue(json: unknown): CoachCatalogue {
  const catalogue = CoachCatalogue.parse(json);
  for (const coach of catalogue.coaches) {
    for (const m of coach.methods) {
      if (!catalogue.methods.some((x) => x.name === m)) {
        throw new Error(`Coach catalogue: coach "${coach.name}" offers unknown method "${m}"`);
      }
    }
  }
  return catalogue;
}

/** A rubric element's texts in `language`; each French text missing from the catalogue is the English one. */
export function rubricTexts(
  element: RubricElement,
  language: EngineLanguage,
): { label: string; what: string; good: string; examples: string[] } {
  const fr = language === 'fr';
  return {
    label: (fr ? element.label_fr : undefined) ?? element.label,
    what: (fr ? element.what_fr : undefined) ?? element.what,
    good: (fr ? element.good_fr : undefined) ?? element.good,
    examples: fr && element.examples.fr.length > 0 ? element.examples.fr : element.examples.en,
  };
}

/** A coach's persona and a method's description in `language`, English when the French is missing. */
export function coachTexts(
  coach: CoachProfile,
  method: CoachingMethod,
  language: EngineLanguage,
): { persona: string; description: string } {
  const fr = language === 'fr';
  return {
    persona: (fr ? coach.persona_fr : undefined) ?? coach.persona,
    description: (fr ? method.description_fr : undefined) ?? method.description,
  };
}

/** Raised when a request names a coach or method the catalogue does not offer (a 400 for the route). */
export class CoachingSelectionError extends DomainError {
  constructor(
    readonly field: 'coach_name' | 'method',
    message: string,
    params: Record<string, string>,
  ) {
    super('VALIDATION_FAILED', message, {
      params,
      fields: [{ path: field, message: fillPlaceholders(message, params) }],
    });
    this.name = 'CoachingSelectionError';
  }
}

/** The coach and method a request names (case-insensitive), checked against the catalogue. */
export function resolveCoaching(
  catalogue: CoachCatalogue,
  coachName: string,
  methodName: string,
): { coach: CoachProfile; method: CoachingMethod } {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const coach = catalogue.coaches.find((c) => same(c.name, coachName));
  if (!coach)
    throw new CoachingSelectionError('coach_name', 'Unknown coach "{coach}".', { coach: coachName });
  const method = catalogue.methods.find((m) => same(m.name, methodName));
  if (!method || !coach.methods.some((m) => same(m, method.name))) {
    throw new CoachingSelectionError('method', '{coach} does not coach the method "{method}".', {
      coach: coach.name,
      method: methodName,
    });
  }
  return { coach, method };
}
