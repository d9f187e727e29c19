/**
 * French lexicon of the rules analyzer, pain points: problems the prospect describes with how
 * things are done today. Part of `LEXICON_FR` (`lexicon.fr.ts`); every group says why it exists
 * (`why`). See `lexicon.ts` for the phrase syntax.
 */
import type { Lexicon } from './lexicon.js';

export const PAIN_POINTS_FR: Lexicon['painPoints'] = [
  {
    why: 'mots de difficulté',
    phrases: [
      'du mal a',
      'de la difficulte',
      'difficile de',
      'difficile a',
      'galer~',
      "on n'arrive pas",
      'on arrive pas',
      'pas de visibilite',
      'aucune visibilite',
    ],
  },
  {
    why: 'nommer un problème',
    phrases: [
      'le probleme',
      'un probleme',
      'des problemes',
      'gros probleme',
      'le souci',
      'des soucis',
      'casse tete',
    ],
  },
  {
    why: "mots d'émotion pour une gêne qui revient",
    phrases: [
      'cauchemar',
      'frustr~',
      'debord~',
      'submerg~',
      'epuis~',
      'stress~',
      "m'embete",
      'ce qui me derange',
      'penible',
      "n'importe quoi",
    ],
  },
  {
    why: "perdre ou manquer de l'activité (clients, appels, argent)",
    phrases: [
      'on perd',
      'nous perdons',
      'on a perdu',
      'perte de',
      'pertes de',
      'on rate',
      'appels manques',
      'rendez vous manques',
      'on manque',
      'manque de',
      'nous coute',
      'une fortune',
    ],
  },
  {
    why: 'du temps perdu en travail lent ou manuel',
    phrases: [
      'prend trop de temps',
      'prend un temps fou',
      'des heures',
      'a la main',
      'manuellement',
      'tableur~',
      'fichier excel',
      'paperasse',
      'trop lent',
      'lenteur',
    ],
  },
  {
    why: 'erreurs et oublis',
    phrases: ['erreur~', 'oubli~', 'on oublie', 'mal organise'],
  },
  {
    why: "ce qui devrait arriver et n'arrive pas (réponse, formation, clients)",
    phrases: [
      'repond~ jamais',
      'rappelait',
      'jamais ete',
      'jamais demande~',
      'que des curieux',
      'personne ne',
      'plante',
      'attendu * semaines',
      'attendu * mois',
      'ca fait * mois que',
    ],
  },
  {
    why: "problèmes d'équipe : départs, pénurie, plaintes",
    phrases: [
      'roulement de personnel',
      'penurie',
      'se plaign~',
      'se plaint',
      'plaintes',
      'demission~',
      'partent',
    ],
  },
  {
    why: 'retards et paiements en souffrance',
    phrases: ['en retard', 'de retard', 'trop tard', 'courir apres', 'retard de paiement', 'impaye~'],
  },
  {
    why: 'quelque chose qui casse ou se dégrade (services aux bâtiments et équipements)',
    phrases: ['panne~', 'fuite~', 'infiltration~', 'coule', 'brise~', 'endommag~'],
  },
  {
    why: 'des coûts qui montent',
    phrases: [
      'augmente',
      'a augmente',
      'ca monte',
      'hausse de',
      'monte mon prix',
      'monte le prix',
      'a double',
    ],
  },
];
