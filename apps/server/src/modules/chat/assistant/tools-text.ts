/** The assistant tools' words, in English and French: result labels, titles, table heads, empty answers. */
import { CallResultClass, type LeadScoreFactor } from '@call-insights/contracts/analysis';
import { LEXICONS } from '../../analysis/engine/rules/compiled-lexicon.js';
import { factorReason } from '../../analysis/engine/rules/lead-score.js';
import type { Lang } from './markdown.js';

export const RESULT_CLASSES = ['appointment', 'follow_up', 'not_interested', 'other'] as const;
export type ResultClass = (typeof RESULT_CLASSES)[number];

const RESULT_LABELS: Record<Lang, Record<ResultClass | 'none', string>> = {
  en: {
    appointment: 'Appointment booked',
    follow_up: 'Follow-up',
    not_interested: 'Not interested',
    other: 'Other',
    none: 'Not analysed yet',
  },
  fr: {
    appointment: 'Rendez-vous pris',
    follow_up: 'Relance',
    not_interested: 'Pas intéressé',
    other: 'Autre',
    none: 'Pas encore analysé',
  },
};

/** A call's result as the assistant writes it; a call that could not be processed says so (`status`). */
export function resultLabel(value: string | null, lang: Lang, status?: string): string {
  const labels = RESULT_LABELS[lang];
  if (value && value in labels) return labels[value as ResultClass];
  return status === 'failed' ? FAILED_LABEL[lang] : labels.none;
}

const FAILED_LABEL: Record<Lang, string> = { en: 'Processing failed', fr: 'Échec du traitement' };

/**
 * A lead-score factor with the points it moved ("2 pain points described (+10)"), in `lang`: the
 * analyzer's own sentence for it in that language, the result named as the tools name results.
 */
export function factorText(f: LeadScoreFactor, resultClass: string | null, lang: Lang): string {
  if (f.factor === 'result') return `${resultLabel(resultClass, lang)} (${f.points})`;
  const parsed = CallResultClass.safeParse(resultClass);
  return factorReason(f, parsed.success ? parsed.data : 'other', LEXICONS[lang].text);
}

/** What the tools write, by language. */
export const TOOL_TEXT = {
  en: {
    scope: (team: boolean) => (team ? 'all calls of your organization' : 'your calls'),
    colon: ': ',
    period: 'Period',
    scopeLabel: 'Scope',
    leadsCalled: 'Leads called',
    leadsCreated: 'New leads (first call)',
    nLeads: (n: number) => (n === 1 ? '1 lead' : `${n} leads`),
    nCalls: (n: number) => (n === 1 ? '1 call' : `${n} calls`),
    showing: (shown: number, total: number) => `Showing the ${shown} most recent of ${total}.`,
    noLeads: 'No leads in this period. Try a longer one, for example “leads this month”.',
    leadHead: ['Lead', 'Calls', 'Last call', 'Result', 'Lead score'],
    topLeads: 'Top leads by lead score',
    topNote: 'Each lead is scored on their latest analysed call in the period.',
    noTop: 'No analysed calls in this period, so there is no lead score to rank. Try a longer period.',
    reasons: 'Why',
    calls: 'Calls',
    callHead: ['Call', 'With', 'Result', 'Lead score'],
    noCalls: 'No calls match in this period.',
    moreThan: (n: number) => `more than ${n}`,
    said: 'Said in the call',
    filters: {
      subject: (v: string) => `about “${v}” (said or raised as an objection)`,
      words: (v: string) => `mentioning “${v}”`,
      contact: (v: string) => `with “${v}”`,
      result: (v: string) => `with the result “${v}”`,
      objection: (v: string) => `with the objection “${v}”`,
      painPoint: (v: string) => `with the pain point “${v}”`,
      longer: (v: string) => `of ${v} or more`,
      shorter: (v: string) => `shorter than ${v}`,
    },
    lastCall: 'Latest call',
    callWith: (who: string) => `Latest call with ${who}`,
    callAbout: (what: string) => `Latest call about “${what}”`,
    noCallAbout: (what: string) => `I found no call about “${what}” in your calls.`,
    callNumber: (id: number) => `Call #${id}`,
    noCallWith: (who: string) => `I found no call with “${who}” in your calls.`,
    noCallAtAll: 'There are no calls yet.',
    noCallId: (id: number) => `Call #${id} was not found in your calls.`,
    result: 'Result',
    outcome: 'Outcome and next step',
    summary: 'Summary',
    objections: 'Objections',
    painPoints: 'Pain points',
    pricing: 'Pricing discussed',
    leadScore: 'Lead score',
    notAnalysed: 'This call has not been analysed yet.',
    failed: 'This call could not be processed; its page says why and offers a retry.',
    none: 'none',
    yourFigures: 'Your figures',
    teamFigures: 'Team figures',
    teamOnly: 'Team figures are for managers and admins; here are your own.',
    figHead: [
      'Calls',
      'Talk time',
      'Leads',
      'Appointments',
      'Follow-ups',
      'Not interested',
      'Avg lead score',
    ],
    repHead: ['Rep', 'Calls', 'Appointments', 'Avg lead score'],
    unassigned: 'Unassigned',
    seeRecordings: 'See the calls in [Recordings](/main/recordings).',
    phrasesTitle: (k: 'objections' | 'pain_points') =>
      k === 'objections' ? 'Objections raised' : 'Pain points described',
    noPhrases: (k: 'objections' | 'pain_points') =>
      k === 'objections' ? 'No objections were raised in this period.' : 'No pain points in this period.',
    phraseCalls: (n: number) => (n === 1 ? 'in 1 call' : `in ${n} calls`),
  },
  fr: {
    scope: (team: boolean) => (team ? 'tous les appels de votre organisation' : 'vos appels'),
    colon: ' : ',
    period: 'Période',
    scopeLabel: 'Périmètre',
    leadsCalled: 'Leads appelés',
    leadsCreated: 'Nouveaux leads (premier appel)',
    nLeads: (n: number) => (n <= 1 ? `${n} lead` : `${n} leads`),
    nCalls: (n: number) => (n <= 1 ? `${n} appel` : `${n} appels`),
    showing: (shown: number, total: number) => `Voici les ${shown} plus récents sur ${total}.`,
    noLeads:
      'Aucun lead sur cette période. Essayez une période plus longue, par exemple « leads ce mois-ci ».',
    leadHead: ['Lead', 'Appels', 'Dernier appel', 'Résultat', 'Score'],
    topLeads: 'Meilleurs leads par score',
    topNote: 'Chaque lead est noté sur son dernier appel analysé de la période.',
    noTop:
      'Aucun appel analysé sur cette période, donc aucun score à classer. Essayez une période plus longue.',
    reasons: 'Pourquoi',
    calls: 'Appels',
    callHead: ['Appel', 'Avec', 'Résultat', 'Score'],
    noCalls: 'Aucun appel ne correspond sur cette période.',
    moreThan: (n: number) => `plus de ${n}`,
    said: 'Dit pendant l’appel',
    filters: {
      subject: (v: string) => `sur « ${v} » (dit ou soulevé en objection)`,
      words: (v: string) => `qui mentionnent « ${v} »`,
      contact: (v: string) => `avec « ${v} »`,
      result: (v: string) => `avec le résultat « ${v} »`,
      objection: (v: string) => `avec l’objection « ${v} »`,
      painPoint: (v: string) => `avec le point de douleur « ${v} »`,
      longer: (v: string) => `de ${v} ou plus`,
      shorter: (v: string) => `de moins de ${v}`,
    },
    lastCall: 'Dernier appel',
    callWith: (who: string) => `Dernier appel avec ${who}`,
    callAbout: (what: string) => `Dernier appel sur « ${what} »`,
    noCallAbout: (what: string) => `Je n’ai trouvé aucun appel sur « ${what} » dans vos appels.`,
    callNumber: (id: number) => `Appel n° ${id}`,
    noCallWith: (who: string) => `Je n’ai trouvé aucun appel avec « ${who} » dans vos appels.`,
    noCallAtAll: 'Il n’y a encore aucun appel.',
    noCallId: (id: number) => `L’appel n° ${id} est introuvable dans vos appels.`,
    result: 'Résultat',
    outcome: 'Issue et prochaine étape',
    summary: 'Résumé',
    objections: 'Objections',
    painPoints: 'Points de douleur',
    pricing: 'Prix évoqués',
    leadScore: 'Score du lead',
    notAnalysed: 'Cet appel n’a pas encore été analysé.',
    failed: 'Cet appel n’a pas pu être traité ; sa page en donne la raison et propose de réessayer.',
    none: 'aucune',
    yourFigures: 'Vos chiffres',
    teamFigures: 'Chiffres de l’équipe',
    teamOnly: 'Les chiffres de l’équipe sont réservés aux managers et aux admins ; voici les vôtres.',
    figHead: [
      'Appels',
      'Temps de parole',
      'Leads',
      'Rendez-vous',
      'Relances',
      'Pas intéressés',
      'Score moyen',
    ],
    repHead: ['Commercial', 'Appels', 'Rendez-vous', 'Score moyen'],
    unassigned: 'Non attribué',
    seeRecordings: 'Voir les appels dans [Enregistrements](/main/recordings).',
    phrasesTitle: (k: 'objections' | 'pain_points') =>
      k === 'objections' ? 'Objections soulevées' : 'Points de douleur décrits',
    noPhrases: (k: 'objections' | 'pain_points') =>
      k === 'objections'
        ? 'Aucune objection n’a été soulevée sur cette période.'
        : 'Aucun point de douleur sur cette période.',
    phraseCalls: (n: number) => (n <= 1 ? `dans ${n} appel` : `dans ${n} appels`),
  },
} as const;
