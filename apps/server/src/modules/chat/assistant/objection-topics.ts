/**
 * Subjects a user names an objection by ("price objections", "objections sur le prix") and how an
 * objection about that subject is said. Objections are stored in the prospect's own words ("That
 * sounds expensive", "C'est un peu cher"), which rarely repeat the subject's name, so asking for
 * "price" objections looks for any of the subject's words. The lists are general knowledge of how
 * English and French speak of each subject (the four classic sales objections: cost, competition,
 * timing, authority), not phrases from any call.
 */
import { fold } from './intents.js';

type Topic = {
  /** The subject as a user names it (folded: lower case, no accents). */
  asked: RegExp;
  /** Word starts an objection about it is said with; a trailing `$` means the whole word. */
  said: readonly string[];
};

const TOPICS: readonly Topic[] = [
  {
    asked:
      /^(?:prices?|pricing|costs?|budgets?|money|expensive|cheap|prix|couts?|tarifs?|argent|cher|chere)$/u,
    said: [
      'pric',
      'expensive',
      'cost',
      'afford',
      'budget',
      'cheap',
      'money',
      'spend',
      'quot',
      'fee',
      'cher',
      'prix',
      'coût',
      'cout',
      'tarif',
      'moyens$',
      'argent',
      'payer',
    ],
  },
  {
    asked:
      /^(?:competitors?|competition|competing|vendors?|providers?|concurrents?|concurrence|fournisseurs?)$/u,
    said: [
      'competitor',
      'another company',
      'other company',
      'another vendor',
      'other vendor',
      'already use',
      'already pay',
      'already have',
      'already work',
      'current provider',
      'current vendor',
      'concurren',
      'autre entreprise',
      'autre société',
      'autre fournisseur',
      'déjà un',
      'déjà une',
      'déjà avec',
    ],
  },
  {
    asked: /^(?:timing|time|timeline|later|calendrier|moment|delais?|temps)$/u,
    said: [
      'time$',
      'timing',
      'now$',
      'later',
      'busy',
      'next month',
      'next year',
      'next quarter',
      'season',
      'wait',
      'moment',
      'plus tard',
      'maintenant',
      'occupé',
      'attendre',
      'année prochaine',
      'mois prochain',
    ],
  },
  {
    asked:
      /^(?:authority|decisions?|deciders?|decision makers?|spouse|boss|partners?|decideurs?|associes?|patron)$/u,
    said: [
      'wife',
      'husband',
      'partner',
      'boss',
      'decide',
      'decision',
      'approv',
      'owner',
      'board$',
      'sign off',
      'femme',
      'mari$',
      'associé',
      'patron',
      'décid',
      'direction',
      'conseil',
    ],
  },
];

/**
 * A PostgreSQL regular expression (`~*`) matching an objection about `subject`, or undefined when
 * the subject is not one of the known ones (the search then looks for the subject's own words).
 */
export function objectionPattern(subject: string): string | undefined {
  const folded = fold(subject).trim();
  const topic = TOPICS.find((t) => t.asked.test(folded));
  if (!topic) return undefined;
  const alternatives = topic.said.map((w) => (w.endsWith('$') ? `${w.slice(0, -1)}\\M` : w));
  return `\\m(?:${alternatives.join('|')})`;
}
