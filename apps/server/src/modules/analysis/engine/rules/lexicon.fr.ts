/**
 * French lexicon of the rules analyzer (France and Québec usage): general sales-call vocabulary,
 * grouped by the pattern each phrase captures (`why`); no phrase is copied from a labelled call.
 * Phrases are matched without accents, so "intéressé" and "interesse" are the same word. See
 * `lexicon.ts` for the phrase syntax.
 */
import type { Lexicon } from './lexicon.js';

const pluriel = (n: number, un: string, plusieurs: string) => `${n} ${n === 1 ? un : plusieurs}`;
const liste = (items: readonly string[]) => items.map((i) => `« ${i} »`).join(' ; ');
/**
 * "de" before a topic, contracted as French requires: "de le devis" → "du devis", "de les salaires" →
 * "des salaires", "de des casiers" → "des casiers", "de un forfait" → "d'un forfait", "de une offre"
 * → "d'une offre", and "d'" before a vowel or a mute h.
 */
export const deSujet = (topic: string): string =>
  /^le\s/iu.test(topic)
    ? `du ${topic.slice(3)}`
    : /^les\s/iu.test(topic)
      ? `des ${topic.slice(4)}`
      : /^des\s/iu.test(topic)
        ? topic
        : /^[aeéèêiîoôuûh]/iu.test(topic)
          ? `d'${topic}`
          : `de ${topic}`;

export const LEXICON_FR: Lexicon = {
  language: 'fr',
  interrogativeOpeners: [
    {
      why: 'mots interrogatifs en tête de phrase',
      phrases: [
        'est ce que',
        "qu'est ce que",
        "qu'est ce qui",
        'quel',
        'quelle',
        'quels',
        'quelles',
        'comment',
        'pourquoi',
        'quand',
        'combien',
        'qui',
        'lequel',
        'laquelle',
        "c'est quoi",
      ],
    },
    {
      why: 'inversion verbe-sujet (question fermée)',
      phrases: [
        'avez vous',
        'etes vous',
        'pouvez vous',
        'voulez vous',
        'seriez vous',
        'auriez vous',
        'faites vous',
        'utilisez vous',
        'connaissez vous',
        'aimeriez vous',
        'souhaitez vous',
        'as tu',
        'es tu',
        'peux tu',
        'veux tu',
      ],
    },
    {
      why: "question par l'intonation à l'oral, sans ponctuation",
      phrases: ['ca vous dit', 'ca vous irait', 'ca te dit', 'vous avez', 'vous etes', 'vous utilisez'],
    },
  ],
  discourseMarkers: [
    {
      why: "mots d'appui qui ouvrent une phrase parlée",
      phrases: [
        'alors',
        'et',
        'donc',
        'bon',
        'ok',
        "d'accord",
        'mais',
        'puis',
        'parfait',
        'super',
        'tres bien',
        'oui',
      ],
    },
    {
      why: 'salutations et appellatifs avant une question',
      phrases: ['bonjour', 'allo', 'salut', 'madame', 'monsieur'],
    },
  ],
  objections: [
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
  ],
  painPoints: [
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
  ],
  needs: [
    {
      why: 'le prospect dit un besoin ou un souhait',
      phrases: [
        'on a besoin',
        'nous avons besoin',
        "j'ai besoin",
        'il nous faut',
        'il me faut',
        'on cherche',
        'nous cherchons',
        'je cherche',
        'on voudrait',
        'nous voudrions',
        'on aimerait',
        'nous aimerions',
        'on doit',
        'nous devons',
        "l'ideal serait",
        'idealement',
      ],
    },
  ],
  buyingSignals: [
    {
      why: "aimer ou vouloir l'offre",
      phrases: [
        "ca m'interesse",
        'interessant',
        'interesse~ par',
        'ca me plait',
        'ca nous aiderait',
        'ca aiderait',
        "j'aime bien",
        "j'aime beaucoup",
        "c'est exactement",
        "exactement ce qu'il nous faut",
        'ca a du sens',
        'genial',
        'avec plaisir',
      ],
    },
    {
      why: "demander ou accepter l'étape suivante",
      phrases: [
        'on peut commencer',
        'commencer quand',
        'prochaine etape',
        'prochaines etapes',
        'essai gratuit',
        'allons y',
        'on y va',
      ],
    },
  ],
  interest: [
    {
      why: "mots d'intérêt ; niés, ils refusent",
      phrases: ['interesse~', "m'interesse", 'nous interesse'],
    },
  ],
  hedges: [
    {
      why: 'le locuteur retire ou atténue ce qui suit',
      phrases: [
        'je ne dis pas',
        'je dis pas',
        "c'est pas que",
        "ce n'est pas que",
        'pas parce que',
        'je ne pense pas',
        'je pense pas',
      ],
    },
    {
      why: 'une condition ou une hypothèse, pas un fait',
      phrases: ['si ca', "s'il", 'si on', 'si le', 'si la', 'meme si', 'au cas ou', 'a moins que'],
    },
    {
      why: "le locuteur rapporte ce que d'autres disent, pas sa situation",
      phrases: ['beaucoup de * me disent', "d'autres clients", 'la plupart des clients', 'certains clients'],
    },
  ],
  meetings: [
    {
      why: "noms d'une rencontre proposée par le commercial",
      phrases: [
        'demo',
        'demonstration',
        'rendez vous',
        'rencontre',
        'reunion',
        'visite',
        'consultation',
        'evaluation',
        'soumission sur place',
      ],
    },
    { why: 'un jour ou une heure proposé pour la rencontre', phrases: ['{day}', 'a {time}'] },
    {
      why: 'une visite proposée par un verbe',
      phrases: ['passer vous voir', 'venir vous voir', 'passer chez vous'],
    },
  ],
  proposals: [
    {
      why: 'le commercial propose de faire quelque chose',
      phrases: ['je vous propose', 'je peux', 'je pourrais', 'permettez moi', "j'aimerais"],
    },
    {
      why: 'proposer quelque chose à faire ensemble',
      phrases: [
        'on pourrait',
        'pourrait on',
        'peut on',
        'on peut',
        'que diriez vous',
        'et si on',
        'est ce que je peux',
        'ca vous derange si',
        'et si je',
      ],
    },
    {
      why: 'demander si un moment ou une étape convient',
      phrases: [
        'ca vous va',
        'ca vous convient',
        'vous convient',
        'ca vous dirait',
        'voulez vous',
        'aimeriez vous',
        'seriez vous disponible',
        'etes vous disponible',
        'vous etes disponible',
        'vous seriez disponible',
      ],
    },
  ],
  affirmations: [
    {
      why: 'un oui bref à la question précédente',
      phrases: [
        'oui',
        'ouais',
        'exactement',
        'tout a fait',
        'absolument',
        'effectivement',
        'en effet',
        'clairement',
        'tout le temps',
        'souvent',
        'carrement',
        "c'est ca",
        "c'est vrai",
        'bien sur',
      ],
    },
    {
      why: 'accepter une proposition',
      phrases: [
        "d'accord",
        'ok',
        'okay',
        'parfait',
        'ca marche',
        'ca me va',
        'entendu',
        'volontiers',
        'avec plaisir',
        'tres bien',
        'super',
      ],
    },
    {
      why: "accepter le jour ou l'heure proposés en les répétant (« Jeudi à dix heures ? » / « Jeudi, ça me va. »)",
      phrases: [
        '{day} ca me va',
        '{day} ca marche',
        '{day} c est parfait',
        '{time} ca me va',
        '{time} ca marche',
      ],
    },
    {
      why: "accepter l'envoi proposé en le demandant (« Je vous envoie le devis ? » / « Envoyez. »)",
      phrases: ['envoyez', 'envoie moi', 'allez y', 'vas y'],
    },
  ],
  outcomes: {
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
        why: 'demander de ne plus être appelé',
        phrases: ['retirez moi', 'enlevez moi', "ne m'appelez plus", "arretez de m'appeler"],
      },
      { why: 'le prospect se dit couvert', phrases: ['on est correct', 'on est bien servis'] },
      {
        why: "dire au vendeur de ne pas se donner de peine, ou qu'on reste avec ce qu'on a",
        phrases: [
          'laissez faire',
          'laissez tomber',
          'perdez pas votre temps',
          'pas la peine',
          'on va rester avec',
          'on reste avec',
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
  },
  text: {
    outcome: {
      appointment: 'Rendez-vous fixé',
      follow_up: 'Suivi convenu',
      not_interested: 'Prospect pas intéressé',
      other: 'Aucun résultat commercial',
    },
    noSummary: 'La transcription est vide.',
    summary: {
      rep: 'Le commercial',
      prospect: 'le prospect',
      spokeWith: (rep, prospect, topic) =>
        `${rep} a parlé avec ${prospect}${topic ? ` ${deSujet(topic)}` : ''}.`,
      needs: (who, items) => `Besoins exprimés par ${who} : ${liste(items)}.`,
      problems: (who, items) => `Problèmes décrits par ${who} : ${liste(items)}.`,
      concerns: (items) => `Réserves : ${liste(items)}.`,
      prices: (items) => `Prix abordé : ${items.join(' ; ')}.`,
      agreed: {
        appointment: (step, when) => `Convenu : ${step ?? 'un rendez-vous'}${when ? `, ${when}` : ''}.`,
        follow_up: (step, when) => `Suivi convenu${when ? ` (${when})` : ''}${step ? ` : ${step}` : ''}.`,
        not_interested: (step) => `Le prospect a refusé${step ? ` : ${step}` : ''}.`,
        other: () => 'Aucun résultat commercial.',
      },
    },
    reasons: {
      base: {
        appointment: 'Rendez-vous fixé',
        follow_up: 'Suivi convenu',
        not_interested: 'Le prospect a refusé',
        other: 'Pas de résultat clair',
      },
      painPoints: (n) => `${pluriel(n, 'point de douleur décrit', 'points de douleur décrits')}`,
      buyingSignals: (n) => `${pluriel(n, "signal d'achat", "signaux d'achat")}`,
      objections: (n) => `${pluriel(n, 'objection soulevée', 'objections soulevées')}`,
      customerQuestions: (n) => `Le prospect a posé ${pluriel(n, 'question', 'questions')}`,
      answeredQuestions: (a, q) => `Le prospect a répondu à ${a} questions sur ${q}`,
      pricing: 'Prix abordé',
      capNotInterested: 'Plafonné à 30 car le prospect a refusé',
    },
  },
};
