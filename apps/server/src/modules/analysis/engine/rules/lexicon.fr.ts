/**
 * French lexicon of the rules analyzer (France and Québec usage): general sales-call vocabulary,
 * grouped by the pattern each phrase captures (`why`); no phrase is copied from a labelled call.
 * Phrases are matched without accents, so "intéressé" and "interesse" are the same word. See
 * `lexicon.ts` for the phrase syntax.
 */
import type { Lexicon } from './lexicon.js';
import { OBJECTIONS_FR } from './lexicon.fr.objections.js';
import { OUTCOMES_FR } from './lexicon.fr.outcomes.js';
import { PAIN_POINTS_FR } from './lexicon.fr.pain.js';

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
  objections: OBJECTIONS_FR,
  painPoints: PAIN_POINTS_FR,
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
  outcomes: OUTCOMES_FR,
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
