/**
 * The offline assistant (the embedded default): the question is read by `parseIntent` (English and
 * French), one tool answers, in the question's language. It never guesses: a question it cannot
 * map to a tool gets "I can't answer that yet" and the list of what it can do. Only the user's
 * question is parsed; call data (transcripts, names) is only ever displayed, escaped.
 */
import type { CallInsightsService } from '../../recordings/call-insights.service.js';
import type { AssistantEngine, EngineInput, EngineAnswer } from './engine.js';
import { detectQuestionLanguage, parseIntent, type Intent } from './intents.js';
import type { Lang } from './markdown.js';
import { canSeeTeam, createAssistantTools, type AssistantContext, type ToolAnswer } from './tools.js';

const CAPABILITIES: Record<Lang, (team: boolean) => string> = {
  en: (team) =>
    [
      'I am **Call Analysis AI**, the assistant of Call Insights. I answer from your calls and their analyses',
      team ? '(your whole organization, as a manager or admin).' : '(the calls you made).',
      '',
      'You can ask me:',
      '- **Leads**: “List all the leads from today”, “List all leads created this week”',
      '- **Top leads** by lead score, with the reasons: “Who are the top leads today?”',
      '- **Calls** by contact, result, objection, pain point or words said: “Which calls mention pricing?”, “Calls with Jane Doe”, “Which calls booked an appointment this week?”, “Calls longer than 10 minutes”',
      '- **One call**: “Summarize my last call with Jane Doe”, “Summarize call #12”, “What did the roofing prospect worry about?”',
      '- **Objections and pain points**: “What objections came up this week?”, “Which calls had a price objection?” (price, competitor, timing, decision maker)',
      `- **Figures**: “How many calls today?”, “My figures this month”, “What is the average lead score?”${team ? ', “Team figures this week”' : ''}`,
      '',
      'Periods I understand: today, yesterday, this week, last week, the last 7/30/90 days, this month, last month, all time.',
      'Every call I mention is a link to its analysis.',
    ].join('\n'),
  fr: (team) =>
    [
      'Je suis **Call Analysis AI**, l’assistant de Call Insights. Je réponds à partir de vos appels et de leurs analyses',
      team
        ? '(toute votre organisation, en tant que responsable ou administrateur).'
        : '(les appels que vous avez passés).',
      '',
      'Vous pouvez me demander :',
      '- **Leads** : « Liste tous les leads d’aujourd’hui », « Liste les leads créés cette semaine »',
      '- **Meilleurs leads** par score, avec les raisons : « Quels sont les meilleurs leads aujourd’hui ? »',
      '- **Appels** par contact, résultat, objection, point de douleur ou mots prononcés : « Quels appels mentionnent le prix ? », « Appels avec Jeanne Dupont », « Quels appels ont abouti à un rendez-vous cette semaine ? », « Appels de plus de 10 minutes »',
      '- **Un appel** : « Résume mon dernier appel avec Jeanne Dupont », « Résume l’appel n° 12 », « Qu’a dit le client de la toiture ? »',
      '- **Objections et points de douleur** : « Quelles objections sont apparues cette semaine ? », « Quels appels ont des objections sur le prix ? » (prix, concurrent, calendrier, décideur)',
      `- **Chiffres** : « Combien d’appels aujourd’hui ? », « Mes chiffres ce mois-ci », « Score moyen ce mois-ci »${team ? ', « Chiffres de l’équipe cette semaine »' : ''}`,
      '',
      'Périodes comprises : aujourd’hui, hier, cette semaine, la semaine dernière, les 7/30/90 derniers jours, ce mois-ci, le mois dernier, depuis le début.',
      'Chaque appel cité est un lien vers son analyse.',
    ].join('\n'),
};

const CANNOT: Record<Lang, string> = {
  en: 'I can’t answer that yet. I only answer questions about your calls and leads, from your own data.',
  fr: 'Je ne sais pas encore répondre à cela. Je réponds seulement aux questions sur vos appels et vos leads, à partir de vos propres données.',
};

export async function answerIntent(
  intent: Intent,
  tools: ReturnType<typeof createAssistantTools>,
  ctx: AssistantContext,
): Promise<ToolAnswer> {
  switch (intent.kind) {
    case 'capabilities':
      return { markdown: CAPABILITIES[ctx.lang](canSeeTeam(ctx.caller)), callIds: [] };
    case 'listLeads':
      return tools.listLeads(intent.input);
    case 'topLeads':
      return tools.topLeads(intent.input);
    case 'findCalls':
      return tools.findCalls(intent.input);
    case 'callSummary':
      return tools.callSummary(intent.input);
    case 'figures':
      return tools.figures(intent.input);
    case 'recurringPhrases':
      return tools.recurringPhrases(intent.input);
    case 'unknown':
      return {
        markdown: `${CANNOT[ctx.lang]}\n\n${CAPABILITIES[ctx.lang](canSeeTeam(ctx.caller))}`,
        callIds: [],
      };
  }
}

export function createOfflineEngine(insights: CallInsightsService): AssistantEngine {
  return {
    name: 'offline',
    async answer(input: EngineInput): Promise<EngineAnswer> {
      const lang = detectQuestionLanguage(input.question);
      const ctx: AssistantContext = { caller: input.caller, now: input.now, timezone: input.timezone, lang };
      const intent = parseIntent(input.question);
      const result = await answerIntent(intent, createAssistantTools(insights, ctx), ctx);
      return { text: result.markdown, engine: 'offline', intent: intent.kind };
    },
  };
}
