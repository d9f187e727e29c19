/**
 * French lexicon of the rules analyzer, outcomes: how a call ends (appointment, follow-up, not
 * interested), read from the last turns. Part of `LEXICON_FR` (`lexicon.fr.ts`); every group says
 * why it exists (`why`). See `lexicon.ts` for the phrase syntax.
 */
import type { Lexicon } from './lexicon.js';

export const OUTCOMES_FR: Lexicon['outcomes'] = {
  appointment: [
    {
      why: 'verbes de réservation dits comme faits ou acceptés',
      phrases: [
        'prendre rendez vous',
        'fixer un rendez vous',
        'fixe un rendez vous',
        'on fixe',
        'votre rendez vous',
        'rendez vous est',
        'rendez vous confirme',
        'rendez vous {day}',
        'rendez vous pour {day}',
        'un rendez vous',
        "c'est note pour",
        "c'est reserve",
        'je vous reserve',
        'je vous inscris',
        "c'est confirme",
        'je bloque',
        'je vous bloque',
        'planifie',
        'on organise une demo',
        'reserve',
      ],
    },
    {
      why: "l'agenda ou l'invitation",
      phrases: [
        "je vous mets a l'agenda",
        'je vous mets {day}',
        'dans votre agenda',
        "a l'agenda",
        'invitation',
      ],
    },
    {
      why: "une confirmation de rendez-vous que l'entreprise envoie une fois l'heure fixée (« la confirmation de la correction » n'en est pas une)",
      phrases: [
        'je vous envoie une confirmation',
        'vous allez recevoir une confirmation',
        'vous recevrez une confirmation',
      ],
    },
    {
      why: 'le prospect dit qu’il sera au rendez-vous',
      phrases: ["j'y serai", 'on y sera', 'je serai la', 'on sera la'],
    },
    {
      why: 'un jour ou une heure accepté (« mardi ça me va »)',
      phrases: [
        'a {day}',
        'on se voit {day}',
        '{day} a {time} ca me va',
        '{day} * ca me va',
        '{day} * ca marche',
        '{day} a {time} parfait',
        '{time} ca me va',
        '{time} ca marche',
      ],
    },
  ],
  follow_up: [
    {
      why: 'un rappel convenu',
      phrases: [
        'rappelez moi',
        'rappelle moi',
        'je vous rappelle',
        'je te rappelle',
        'vous rappeler',
        'me rappeler',
        'on vous rappelle',
        'revenir vers vous',
        'je reviens vers vous',
        'je vous reviens',
        'on se reparle',
        'on se recontacte',
        'recontacter',
        'faire un suivi',
        'relancer',
        'je vous tiens au courant',
      ],
    },
    {
      why: 'des informations à envoyer',
      phrases: [
        'envoyez moi',
        'envoie moi',
        // Le pronom du document devant « moi » ou « vous » : « envoyez-le-moi », « je vous l'envoie ».
        'envoyez le moi',
        'envoyez la moi',
        'envoyez les moi',
        "je vous l'envoie",
        'je vous les envoie',
        'je vous envoie',
        'je vous fais parvenir',
        'une soumission',
        'un devis',
        'la documentation',
      ],
    },
    {
      why: 'un moment plus tard nommé pour le prochain contact',
      phrases: ['la semaine prochaine', 'le mois prochain', 'dans quelques semaines', 'dans quelques mois'],
    },
    { why: 'le prospect décidera plus tard', phrases: ['y reflechir'] },
  ],
  not_interested: [
    {
      why: 'un refus net',
      phrases: [
        'pas interesse~',
        "m'interesse pas",
        'nous interesse pas',
        'non merci',
        'on va passer',
        'je vais passer',
        'ne nous convient pas',
        'nous convient pas',
        'pas pour nous',
        'pas pour moi',
        'on passe notre tour',
        'pas donner suite',
      ],
    },
    {
      why: "une décision dite comme telle, ou un achat exclu (« c'est non », « la réponse est non », « on va pas le faire »)",
      phrases: ["c'est non", 'la reponse est non', 'va pas le faire', 'vais pas acheter', 'va pas acheter'],
    },
    {
      why: 'demander de ne plus être appelé',
      phrases: [
        'retirez moi',
        'enlevez moi',
        // « Rayez-moi de votre liste » : rayer, comme retirer et enlever.
        'rayez moi',
        "m'appelez plus",
        'rappelez pas',
        'rappelez plus',
        "arretez de m'appeler",
      ],
    },
    {
      why: "le prospect se dit couvert, ou écarte l'année (comme « not at this time » en anglais)",
      phrases: ['on est correct', 'on est bien servis', 'pas cette annee'],
    },
    {
      why: "dire au vendeur de ne pas se donner de peine, ou qu'on reste avec ce qu'on a",
      phrases: [
        'laissez faire',
        'laissez tomber',
        'perdez pas votre temps',
        'pas la peine',
        'pas vous embeter',
        'vous embetez pas',
        'on va rester avec',
        'on reste avec',
        // « on va rester sur ce qu'on a », « on va rester sur le papier » : rester sur, comme rester avec.
        'on va rester sur',
      ],
    },
  ],
  other: [
    {
      why: 'messages de boîte vocale',
      phrases: [
        'laissez un message',
        'laisser un message',
        'apres le bip',
        'apres le signal',
        'boite vocale',
        'messagerie vocale',
        'laissez votre nom',
        'laissez nous votre nom',
        'laissez vos coordonnees',
      ],
    },
    { why: 'un appel qui a joint la mauvaise personne', phrases: ['mauvais numero', 'faux numero'] },
  ],
  cancellation: [
    {
      why: 'annuler une rencontre prévue',
      phrases: [
        'annuler le rendez vous',
        'annuler notre rendez vous',
        'annuler mon rendez vous',
        'annuler la demo',
        'annuler la rencontre',
      ],
    },
  ],
};
