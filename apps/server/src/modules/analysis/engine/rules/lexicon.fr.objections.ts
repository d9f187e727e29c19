/**
 * French lexicon of the rules analyzer, objections: what a prospect says to hold back or refuse,
 * by kind (price, timing, authority, need, trust, competitor, …). Part of `LEXICON_FR`
 * (`lexicon.fr.ts`); every group says why it exists (`why`). See `lexicon.ts` for the phrase
 * syntax.
 */
import type { Lexicon } from './lexicon.js';

export const OBJECTIONS_FR: Lexicon['objections'] = [
  {
    key: 'price',
    label: 'Prix',
    groups: [
      {
        why: 'le prix jugé trop élevé',
        phrases: [
          'trop cher',
          'cher',
          'couteux',
          'coute trop',
          'coute cher',
          'trop eleve',
          'un peu eleve',
          'hors de prix',
          'plus cher que',
          'ca fait beaucoup',
          "beaucoup d'argent",
          'gros investissement',
        ],
      },
      {
        why: 'le prix rapporté au budget du prospect',
        phrases: [
          'pas le budget',
          'pas de budget',
          'pas les moyens',
          'hors budget',
          'hors de notre budget',
          'depasse notre budget',
          'depasse le budget',
          'budget serre',
          'gros budget',
        ],
      },
      { why: 'le souhait de payer moins', phrases: ['moins cher', 'un rabais', 'une remise'] },
      {
        why: 'un budget déjà pris ou un refus de payer des frais',
        phrases: ['budget * deja engage', 'budget est deja', 'pas payer', 'plus cher'],
      },
    ],
  },
  {
    key: 'competitor',
    label: 'Offre concurrente',
    groups: [
      {
        why: "une offre concrète d'un autre fournisseur",
        phrases: [
          'une autre entreprise',
          'une autre compagnie',
          'un concurrent',
          'votre concurrent',
          'moins cher ailleurs',
          'un meilleur prix ailleurs',
          'un autre devis',
          'une autre soumission',
          'une meilleure offre',
        ],
      },
    ],
  },
  {
    key: 'incumbent',
    label: 'Déjà équipé',
    groups: [
      {
        why: '« déjà » + avoir ou utiliser : le besoin est couvert',
        phrases: [
          'on a deja un',
          'on a deja une',
          "on a deja quelqu'un",
          'nous avons deja un',
          'nous avons deja une',
          "j'ai deja un",
          "j'ai deja une",
          'on utilise deja',
          'nous utilisons deja',
          'on travaille deja avec',
          'nous travaillons deja avec',
          'on paie deja',
          'on paye deja',
        ],
      },
      {
        why: 'possessif + « actuel » : le fournisseur en place, quel que soit le métier',
        phrases: [
          'mon * actuel',
          'ma * actuelle',
          'notre * actuel',
          'notre * actuelle',
          'nos * actuels',
          'fournisseur actuel',
          'prestataire actuel',
          'systeme actuel',
        ],
      },
      {
        why: "une longue relation ou quelqu'un qui fait déjà le travail",
        phrases: [
          'assure~ chez',
          'assure~ avec',
          'depuis longtemps',
          'gere les',
          "s'occupe de",
          'deja signe',
          'contrat cadre',
        ],
      },
      {
        why: 'satisfaction envers ce que le prospect a déjà',
        phrases: ['satisfait~ de', 'content~ de', 'bien servis'],
      },
    ],
  },
  {
    key: 'timing',
    label: 'Moment',
    groups: [
      {
        why: 'le moment ne convient pas, ou pas de temps',
        phrases: [
          'pas le bon moment',
          'mauvais moment',
          'pas maintenant',
          "pas pour l'instant",
          'pas pour le moment',
          'trop occupe~',
          'en pleine saison',
          'pas le temps',
          'pas trop le temps',
          'pas vraiment le temps',
        ],
      },
      {
        why: 'la décision repoussée à plus tard',
        phrases: ['plus tard', "l'annee prochaine", 'le trimestre prochain'],
      },
    ],
  },
  {
    key: 'authority',
    label: 'Décision à valider',
    groups: [
      {
        why: "consulter quelqu'un avant de décider",
        phrases: [
          'en parle~ a',
          'en parle~ avec',
          'voir avec mon',
          'voir avec ma',
          'voir avec mes',
          'verifier avec',
          'consulter mon',
          'consulter ma',
        ],
      },
      {
        why: "la décision revient à quelqu'un d'autre",
        phrases: [
          'pas moi qui decide',
          'pas moi qui prend~',
          'la decision revient',
          'approbation',
          'mon associe~',
          'mon patron',
          'ma patronne',
          'la direction',
          'mon chum',
          'ma blonde',
          'mon mari',
          'ma femme',
        ],
      },
    ],
  },
  {
    key: 'need',
    label: 'Pas de besoin',
    groups: [
      {
        why: "le besoin n'existe pas",
        phrases: ['pas besoin', 'pas vraiment besoin', 'pas une priorite'],
      },
      {
        why: 'la façon actuelle marche, ou se fait en interne',
        phrases: [
          'ca fonctionne bien',
          'ca marche bien',
          'on se debrouille',
          'on gere ca',
          'on gere tout',
          "a l'interne",
          'en interne',
        ],
      },
    ],
  },
  {
    key: 'trust',
    label: 'Méfiance',
    groups: [
      {
        why: 'une mauvaise expérience passée',
        phrases: [
          'deja essaye',
          'deja eu',
          'promis la lune',
          'ca a pas marche',
          "ca n'a pas marche",
          "ca n'a rien donne",
          'mauvaise experience',
          "on s'est fait avoir",
        ],
      },
      {
        why: 'doute sur les promesses ou le vendeur',
        phrases: ['sceptique', 'mefiant~', 'arnaque', 'trop beau pour etre vrai', 'pas convaincu~'],
      },
    ],
  },
  {
    key: 'contract',
    label: 'Engagement',
    groups: [
      {
        why: "la crainte d'être lié par un contrat",
        phrases: ['engagement', 'contrat a long terme', 'etre lie~', "frais d'annulation"],
      },
      {
        why: 'un contrat en cours',
        phrases: ['sous contrat', 'engages avec', 'on est lies', "contrat jusqu'en", 'contrat de'],
      },
    ],
  },
  {
    key: 'shopping',
    label: 'Compare les offres',
    groups: [
      {
        why: 'réunir ou comparer des offres avant de choisir',
        phrases: [
          'faire le tour',
          "d'autres soumissions",
          "d'autres devis",
          "d'autres offres",
          'comparer',
          'magasiner',
        ],
      },
    ],
  },
  {
    key: 'stall',
    label: 'Besoin de réfléchir',
    groups: [
      {
        why: 'demander du temps avant de décider',
        phrases: ['y reflechir', 'reflechir', 'prendre le temps', 'laisser murir'],
      },
    ],
  },
  {
    key: 'effort',
    label: 'Effort de changement',
    groups: [
      {
        why: "le coût de changer ou d'apprendre",
        phrases: [
          'trop complique~',
          'complique a mettre en place',
          'changer de systeme',
          'changer de logiciel',
          'former tout le monde',
          'changer de * en cours',
          'me fait peur',
        ],
      },
    ],
  },
];
