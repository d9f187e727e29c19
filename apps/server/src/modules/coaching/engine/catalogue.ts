/**
 * The catalogue of coaches and coaching methods offered in the "Coach name" and "Method" selectors.
 * The default holds one fictional coach persona and the NEPQ method ("Neuro-Emotional Persuasion
 * Questioning", the question-led selling method taught by Jeremy Miner) with a written rubric of
 * the seven question types it looks for. The rubric text here is our own summary, not the author's
 * material. A deployment can replace the catalogue with a JSON file or string (`COACH_CATALOGUE`).
 */
import { readFileSync } from 'node:fs';
import { CoachCatalogue, type CoachingMethod, type CoachProfile } from '@call-insights/contracts/analysis';

export const NEPQ_METHOD: CoachingMethod = {
  name: 'NEPQ',
  description:
    'Question-led selling: the rep asks neutral, curious questions that let prospects discover their own problems, the cost of leaving them unsolved and the value of solving them, instead of pitching. Presentation comes late and short; the prospect talks most of the time.',
  rubric: [
    {
      key: 'connecting',
      label: 'Connecting questions',
      label_fr: 'Questions de connexion',
      what: 'Open the call by lowering resistance and turning attention to the prospect: why they took the call, what caught their interest, what they hoped to get — no pitch yet.',
      examples: {
        en: ['What made you want to take a look at this?', 'What prompted you to reach out to us?'],
        fr: [
          "Qu'est-ce qui vous a amené à vous intéresser à ça ?",
          "Qu'est-ce qui vous a poussé à nous contacter ?",
        ],
      },
      good: 'Asked early, in a relaxed neutral tone; the rep then listens and lets the prospect explain in their own words.',
      cues: {
        en: [
          'what made you',
          'what prompted',
          'what caught your',
          'what brought you',
          'what got you',
          'what had you',
          'what were you hoping',
          'what are you hoping',
          'why did you reach out',
          'why did you decide',
          'how did you hear',
          'what interested you',
        ],
        fr: [
          "qu'est ce qui vous a",
          'qu est ce qui vous a',
          "qu'est ce qui vous amene",
          'pourquoi avez vous',
          'comment avez vous entendu',
          "qu'esperiez vous",
          "qu'attendez vous",
          'vous attendiez',
          'vous a interesse',
        ],
      },
    },
    {
      key: 'situation',
      label: 'Situation questions',
      label_fr: 'Questions de situation',
      what: 'Map how things work today: the current tools, process, people and numbers.',
      examples: {
        en: ['What are you using right now to handle that?', 'How long have you been doing it that way?'],
        fr: [
          'Vous utilisez quoi actuellement pour gérer ça ?',
          'Depuis combien de temps faites-vous comme ça ?',
        ],
      },
      good: 'A few focused questions, each building on the last answer, enough to understand the situation without turning into an interrogation.',
      cues: {
        en: [
          'what are you using',
          'what do you use',
          'what are you doing',
          'how are you currently',
          'how do you currently',
          'how are you handling',
          'how do you handle',
          'how long have you',
          'how many',
          'how much do you',
          'walk me through',
          'tell me about',
          'who handles',
          'who takes care',
          'currently',
          'right now',
          'today',
        ],
        fr: [
          "qu'utilisez vous",
          'utilisez vous',
          'vous utilisez',
          'actuellement',
          'en ce moment',
          "aujourd'hui",
          'depuis combien de temps',
          'combien',
          'comment gerez vous',
          'comment faites vous',
          'comment ca se passe',
          "qui s'occupe",
          'expliquez moi',
        ],
      },
    },
    {
      key: 'problem_awareness',
      label: 'Problem-awareness questions',
      label_fr: 'Questions de prise de conscience du problème',
      what: 'Help the prospect find and put words on what is not working with the current situation.',
      examples: {
        en: [
          "What don't you like about how it works now?",
          'If you could change one thing about it, what would it be?',
        ],
        fr: [
          "Qu'est-ce qui ne vous plaît pas dans la façon dont ça marche ?",
          'Si vous pouviez changer une chose, ce serait quoi ?',
        ],
      },
      good: 'The prospect names the problems themselves; the rep digs one level deeper ("how so?", "can you give me an example?") instead of jumping to the product.',
      cues: {
        en: [
          "what don't you like",
          'what do you not like',
          'what would you change',
          'change one thing',
          "what's not working",
          'what is not working',
          'not working',
          'working for you',
          'working the way',
          'challenge~',
          'problem~',
          'frustrat~',
          'biggest issue',
          "what's missing",
          'wish it',
          'how so',
          'give me an example',
          'what bothers',
        ],
        fr: [
          'ne vous plait pas',
          'ne va pas',
          'vous changeriez',
          'changer une chose',
          'ne fonctionne pas',
          'fonctionne comme',
          'difficulte~',
          'probleme~',
          'defi~',
          'frustr~',
          'ce qui manque',
          'vous derange',
          'un exemple',
          'comment ca',
        ],
      },
    },
    {
      key: 'solution_awareness',
      label: 'Solution-awareness questions',
      label_fr: 'Questions de prise de conscience de la solution',
      what: 'Let the prospect picture the situation with the problem solved and say what it would change for them.',
      examples: {
        en: [
          'If that were fixed, what would it mean for you?',
          'What would it look like if calls never went unanswered?',
        ],
        fr: [
          'Si ce problème était réglé, qu’est-ce que ça changerait pour vous ?',
          'À quoi ressemblerait une semaine idéale ?',
        ],
      },
      good: 'The prospect describes the benefits in their own words, before the rep presents anything.',
      cues: {
        en: [
          'what would it look like',
          'what would it mean',
          'what would that mean',
          'how would that',
          'how would it',
          'if you could',
          'ideal',
          'imagine',
          'what would change',
          'what would be different',
          'how would you feel',
          'what would you do with',
        ],
        fr: [
          'a quoi ca ressemblerait',
          'a quoi ressemblerait',
          'ca changerait',
          'ca vous apporterait',
          'si vous pouviez',
          'ideal~',
          'imaginez',
          'imaginons',
          'comment vous sentiriez',
          'que feriez vous',
        ],
      },
    },
    {
      key: 'consequence',
      label: 'Consequence questions',
      label_fr: 'Questions de conséquence',
      what: 'Make the cost of doing nothing concrete: money, time, stress, what happens if nothing changes.',
      examples: {
        en: [
          'What happens if nothing changes over the next six months?',
          'How much is that costing you each month?',
        ],
        fr: ['Que se passe-t-il si rien ne change d’ici six mois ?', 'Combien ça vous coûte chaque mois ?'],
      },
      good: 'Asked calmly after the problem is clear; the prospect puts a figure or a feeling on the cost of inaction.',
      cues: {
        en: [
          'what happens if',
          'what would happen if',
          'if nothing changes',
          'costing you',
          'cost you',
          'how much is that',
          'how much does that',
          "if you don't",
          'if you do not',
          'long term',
          'in a year',
          'keep going like this',
        ],
        fr: [
          'que se passe t il si',
          "qu'est ce qui se passe si",
          'qu est ce qui se passe si',
          "qu'arrivera t il",
          'si rien ne change',
          'ca vous coute',
          'vous coute',
          'si vous ne faites rien',
          'a long terme',
          'dans un an',
          'continuer comme ca',
        ],
      },
    },
    {
      key: 'qualifying',
      label: 'Qualifying questions',
      label_fr: 'Questions de qualification',
      what: 'Check how much solving this matters and whether it can happen: importance, why now, who decides, budget and timing.',
      examples: {
        en: [
          'How important is it for you to fix this now?',
          'Who else would be involved in a decision like this?',
        ],
        fr: [
          'À quel point est-ce important pour vous de régler ça maintenant ?',
          "Qui d'autre participerait à une telle décision ?",
        ],
      },
      good: 'The prospect states in their own words why it matters to act now; decision makers and budget are known before any proposal.',
      cues: {
        en: [
          'how important',
          'why now',
          'why is that important',
          'who else',
          'decision',
          'budget',
          'how committed',
          'on a scale',
          'priority',
          'timeline',
          'when would you',
          'how soon',
        ],
        fr: [
          'a quel point',
          'important pour vous',
          'pourquoi maintenant',
          "qui d'autre",
          'qui d autre',
          'decision',
          'budget',
          'priorite',
          'sur une echelle',
          'echeancier',
          'delai',
          'quand voudriez vous',
        ],
      },
    },
    {
      key: 'commitment',
      label: 'Commitment questions',
      label_fr: "Questions d'engagement",
      what: 'Ask the prospect to choose the next step themselves, after they have said what they want.',
      examples: {
        en: [
          'Do you feel this could be what you are looking for?',
          'Would it make sense to set up a time to walk through it?',
        ],
        fr: [
          'Est-ce que vous sentez que ça pourrait être ce que vous cherchez ?',
          'Est-ce que ça vaudrait la peine de fixer un moment pour en parler ?',
        ],
      },
      good: 'A clear, low-pressure question that ends with an agreed next step (date, time, who attends).',
      cues: {
        en: [
          'does this sound like',
          'could this be',
          'do you feel like',
          'do you feel this',
          'would it make sense',
          'would you like to',
          'are you open to',
          'should we',
          'shall we',
          'next step',
          'where do we go from here',
          'set up a time',
          'book',
          'schedule',
          'does {day}',
          'does that work',
          'how does {day}',
        ],
        fr: [
          'est ce que ca vous semble',
          'seriez vous ouvert',
          "voulez vous qu'on",
          'voulez vous que',
          'souhaitez vous',
          'ca vaudrait la peine',
          'prochaine etape',
          'ca vous irait',
          'ca vous convient',
          'est ce que ca pourrait',
          'on fixe',
          'fixer un moment',
          'ca vous va',
        ],
      },
    },
  ],
};

export const DEFAULT_COACH: CoachProfile = {
  name: 'Alex Morgan (NEPQ coach)',
  persona:
    'Alex Morgan is a calm, direct sales coach who trains reps in question-led selling. Alex praises what worked with a quote, names what was missing, and always gives one concrete question to try on the next call. Short sentences, no jargon, never harsh.',
  methods: ['NEPQ'],
};

export const DEFAULT_CATALOGUE: CoachCatalogue = { coaches: [DEFAULT_COACH], methods: [NEPQ_METHOD] };

/**
 * The catalogue from configuration: absent → the default; a JSON string (starting with "{") or a
 * path to a JSON file otherwise. Throws with the list of problems when it is not a valid catalogue.
 */
export function loadCoachCatalogue(source: string | undefined): CoachCatalogue {
  const s = source?.trim();
  if (!s) return DEFAULT_CATALOGUE;
  const json: unknown = JSON.parse(s.startsWith('{') ? s : readFileSync(s, 'utf8'));
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

/** Raised when a request names a coach or method the catalogue does not offer (a 400 for the route). */
export class CoachingSelectionError extends Error {
  constructor(
    readonly field: 'coach_name' | 'method',
    message: string,
  ) {
    super(message);
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
  if (!coach) throw new CoachingSelectionError('coach_name', `Unknown coach "${coachName}".`);
  const method = catalogue.methods.find((m) => same(m.name, methodName));
  if (!method || !coach.methods.some((m) => same(m, method.name))) {
    throw new CoachingSelectionError('method', `${coach.name} does not coach the method "${methodName}".`);
  }
  return { coach, method };
}
