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
      /^(?:authority|decisions?|deciders?|decision makers?|spouses?|wife|wives|husbands?|boss|partners?|decideurs?|associes?|patron|epouses?|femmes?|maris?|conjoints?|conjointes?)$/u,
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
 * Words a user puts before a subject that do not change it ("a competitor", "their wife", "d'un
 * concurrent", "le prix"): articles and possessives in English and French.
 */
const DETERMINERS =
  /^(?:(?:a|an|the|any|some|their|his|her|its|my|our|your|un|une|le|la|les|des|du|de|leur|leurs|sa|son|ses|mon|ma|mes|notre|nos|votre|vos)\s+|(?:l'|d')\s*)+/u;

/**
 * The subject named by `words` when it is one of the known ones ("a competitor" → "competitor",
 * "leur femme" → "femme"), so a question about it can look for everything that says it; else
 * undefined.
 */
export function knownSubject(words: string): string | undefined {
  const folded = fold(words).trim();
  const cut = DETERMINERS.exec(folded)?.[0].length ?? 0;
  const subject = words.trim().slice(cut).trim();
  return subject && TOPICS.some((t) => t.asked.test(fold(subject))) ? subject : undefined;
}

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

/** Whether `subject` is the price one ("pricing", "le prix"): calls whose analysis found a price speak of it too. */
export function isPriceSubject(subject: string): boolean {
  return TOPICS[0]?.asked.test(fold(subject).trim()) ?? false;
}
