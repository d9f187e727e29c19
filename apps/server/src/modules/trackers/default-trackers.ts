/**
 * The trackers every organization starts with: competitors, budget, timing and decision makers,
 * in English and French. Each phrase says why it is there. They were written from general sales
 * practice, not from the labelled calls in `apps/server/devset/` (a test checks that no phrase of
 * three words or more appears in them, the sign of a phrase lifted from a call).
 */

import type { DefaultTrackerKey } from '@call-insights/contracts/trackers';

export type DefaultPhrase = { phrase: string; why: string };
export type DefaultTracker = {
  /** Stable key: creating the defaults again never duplicates one nor revives a deleted one. */
  key: DefaultTrackerKey;
  name: string;
  en: DefaultPhrase[];
  fr: DefaultPhrase[];
};

export const DEFAULT_TRACKERS: readonly DefaultTracker[] = [
  {
    key: 'competitors',
    name: 'Competitors',
    en: [
      { phrase: 'competitor', why: 'naming a rival outright' },
      { phrase: 'competitors', why: 'plural of the above' },
      { phrase: 'another company', why: 'a rival mentioned without its name' },
      { phrase: 'another vendor', why: 'a rival supplier, B2B wording' },
      { phrase: 'other quote', why: 'a competing quote on the table' },
      { phrase: 'another quote', why: 'a competing quote on the table' },
      { phrase: 'other quotes', why: 'several competing quotes' },
      { phrase: 'cheaper elsewhere', why: 'a lower price seen at a rival' },
      { phrase: 'shopping around', why: 'the prospect is comparing suppliers' },
      { phrase: 'current provider', why: 'an incumbent to displace' },
      { phrase: 'current vendor', why: 'an incumbent to displace' },
      { phrase: 'we already use', why: 'an existing tool or supplier' },
      { phrase: 'switching from', why: 'leaving an incumbent' },
    ],
    fr: [
      { phrase: 'concurrent', why: 'un concurrent nommé ou évoqué' },
      { phrase: 'concurrents', why: 'pluriel du précédent' },
      { phrase: 'concurrence', why: 'la concurrence en général' },
      { phrase: 'autre entreprise', why: 'un concurrent sans son nom' },
      { phrase: 'autre société', why: 'un concurrent sans son nom' },
      { phrase: 'autre fournisseur', why: 'un fournisseur concurrent' },
      { phrase: 'autre prestataire', why: 'un prestataire concurrent' },
      { phrase: 'autre devis', why: 'un devis concurrent' },
      { phrase: 'autres devis', why: 'plusieurs devis concurrents' },
      { phrase: 'moins cher ailleurs', why: 'un prix plus bas chez un concurrent' },
      { phrase: 'fournisseur actuel', why: 'un fournisseur en place à remplacer' },
      { phrase: 'prestataire actuel', why: 'un prestataire en place à remplacer' },
      { phrase: 'on utilise déjà', why: 'un outil ou fournisseur déjà en place' },
    ],
  },
  {
    key: 'budget',
    name: 'Budget',
    en: [
      { phrase: 'budget', why: 'the budget named outright' },
      { phrase: 'budgets', why: 'plural of the above' },
      { phrase: 'afford', why: 'whether the prospect can pay' },
      { phrase: 'too expensive', why: 'price pushback' },
      { phrase: 'price range', why: 'the amount the prospect has in mind' },
      { phrase: 'how much', why: 'a question about price' },
      { phrase: 'cost', why: 'the cost named' },
      { phrase: 'financing', why: 'paying over time' },
      { phrase: 'payment plan', why: 'paying over time' },
      { phrase: 'spending', why: 'what the prospect spends today' },
    ],
    fr: [
      { phrase: 'budget', why: 'le budget nommé' },
      { phrase: 'budgets', why: 'pluriel du précédent' },
      { phrase: 'enveloppe', why: 'le budget alloué, mot courant en entreprise' },
      { phrase: 'nos moyens', why: 'ce que le prospect peut payer' },
      { phrase: 'trop cher', why: 'objection sur le prix' },
      { phrase: 'trop chère', why: 'objection sur le prix, au féminin' },
      { phrase: 'combien', why: 'une question sur le prix' },
      { phrase: 'coût', why: 'le coût nommé' },
      { phrase: 'tarif', why: 'le tarif nommé' },
      { phrase: 'financement', why: 'payer en plusieurs fois' },
      { phrase: 'plusieurs fois', why: 'paiement échelonné' },
    ],
  },
  {
    key: 'timing',
    name: 'Timing',
    en: [
      { phrase: 'timeline', why: 'when the prospect wants it done' },
      { phrase: 'time frame', why: 'when the prospect wants it done' },
      { phrase: 'timeframe', why: 'same, written as one word' },
      { phrase: 'deadline', why: 'a date that forces a decision' },
      { phrase: 'next quarter', why: 'a purchase planned later' },
      { phrase: 'next month', why: 'a purchase planned later' },
      { phrase: 'next year', why: 'a purchase planned later' },
      { phrase: 'as soon as possible', why: 'urgency' },
      { phrase: 'asap', why: 'urgency, abbreviated' },
      { phrase: 'urgent', why: 'urgency' },
      { phrase: 'later this year', why: 'a purchase planned later' },
      { phrase: 'go live', why: 'the start date of the service' },
    ],
    fr: [
      { phrase: 'délai', why: 'quand le prospect veut que ce soit fait' },
      { phrase: 'délais', why: 'pluriel du précédent' },
      { phrase: 'échéance', why: 'une date qui force la décision' },
      { phrase: 'date limite', why: 'une date qui force la décision' },
      { phrase: 'mois prochain', why: 'un achat prévu plus tard' },
      { phrase: 'trimestre prochain', why: 'un achat prévu plus tard' },
      { phrase: 'année prochaine', why: 'un achat prévu plus tard' },
      // Two words at most: the longer idioms of urgency ("dès que possible", "au plus vite") now occur
      // in labelled calls, and a default tracker holds no phrase found there.
      { phrase: 'rapidement', why: 'urgence' },
      { phrase: 'pressé', why: 'urgence' },
      { phrase: 'urgent', why: 'urgence' },
      { phrase: 'pas maintenant', why: 'un report' },
      { phrase: 'date de démarrage', why: 'la date de démarrage du service' },
    ],
  },
  {
    key: 'decision-makers',
    name: 'Decision makers',
    en: [
      { phrase: 'decision maker', why: 'the person who decides, named' },
      { phrase: 'decision makers', why: 'plural of the above' },
      { phrase: 'my boss', why: 'someone above the prospect decides' },
      { phrase: 'my manager', why: 'someone above the prospect decides' },
      { phrase: 'my partner', why: 'a business or life partner shares the decision' },
      { phrase: 'my wife', why: 'a spouse shares the decision' },
      { phrase: 'my husband', why: 'a spouse shares the decision' },
      { phrase: 'the owner', why: 'the owner decides' },
      { phrase: 'the board', why: 'a board approves' },
      { phrase: 'sign off', why: 'an approval step' },
      { phrase: 'approval', why: 'an approval step' },
      { phrase: 'check with', why: 'the prospect checks with someone before deciding' },
      { phrase: 'procurement', why: 'a purchasing department is involved' },
      { phrase: 'final say', why: 'who decides in the end' },
    ],
    fr: [
      { phrase: 'décideur', why: 'la personne qui décide, nommée' },
      { phrase: 'décideurs', why: 'pluriel du précédent' },
      { phrase: 'mon patron', why: 'un supérieur décide' },
      { phrase: 'ma patronne', why: 'une supérieure décide' },
      { phrase: 'mon associé', why: 'un associé partage la décision' },
      { phrase: 'mon associée', why: 'une associée partage la décision' },
      { phrase: 'ma femme', why: 'le conjoint partage la décision' },
      { phrase: 'mon mari', why: 'le conjoint partage la décision' },
      { phrase: 'la direction', why: 'la direction approuve' },
      { phrase: 'validation', why: "une étape d'approbation" },
      { phrase: 'en parler', why: 'le prospect consulte quelqu’un' },
      { phrase: 'service achats', why: 'un service achats intervient' },
      { phrase: 'dernier mot', why: 'qui tranche à la fin' },
    ],
  },
];

/**
 * The default tracker whose name `row` still has (the interface names it in the reader's language),
 * or null for a tracker named or renamed by the organization.
 */
export function defaultNameOf(row: { defaultKey: string | null; name: string }): DefaultTrackerKey | null {
  const found = DEFAULT_TRACKERS.find((t) => t.key === row.defaultKey);
  return found && found.name === row.name ? found.key : null;
}
