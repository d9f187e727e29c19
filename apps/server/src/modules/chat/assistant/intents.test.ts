import { describe, expect, it } from 'vitest';
import { detectQuestionLanguage, parseIntent } from './intents.js';

describe('offline intents', () => {
  it.each([
    // The four suggestion cards, in English and French (web locales).
    ['List all the leads from today', { kind: 'listLeads', input: { period: 'today', kind: 'called' } }],
    ['Who are the top leads today?', { kind: 'topLeads', input: { period: 'today' } }],
    ['List all leads created today', { kind: 'listLeads', input: { period: 'today', kind: 'created' } }],
    ['Who are you and what can you do?', { kind: 'capabilities' }],
    ['Liste tous les leads d’aujourd’hui', { kind: 'listLeads', input: { period: 'today', kind: 'called' } }],
    ['Quels sont les meilleurs leads aujourd’hui ?', { kind: 'topLeads', input: { period: 'today' } }],
    [
      'Liste tous les leads créés aujourd’hui',
      { kind: 'listLeads', input: { period: 'today', kind: 'created' } },
    ],
    ['Qui es-tu et que peux-tu faire ?', { kind: 'capabilities' }],
    // Searches keep the words as typed (accents and case), without articles or the period.
    [
      'Which calls mention the "Premium plan" this week?',
      { kind: 'findCalls', input: { period: 'this_week', words: 'Premium plan' } },
    ],
    [
      'Quels appels mentionnent le prix ?',
      { kind: 'findCalls', input: { period: 'all_time', subject: 'prix' } },
    ],
    // A known subject (objection-topics.ts) mentioned is looked for however it was said.
    [
      'Which calls mentioned a competitor?',
      { kind: 'findCalls', input: { period: 'all_time', subject: 'competitor' } },
    ],
    [
      "Quels appels parlent d'un concurrent ?",
      { kind: 'findCalls', input: { period: 'all_time', subject: 'concurrent' } },
    ],
    [
      'Which calls mention their wife?',
      { kind: 'findCalls', input: { period: 'all_time', subject: 'wife' } },
    ],
    [
      'Which calls mention the "Premium plan"?',
      { kind: 'findCalls', input: { period: 'all_time', words: 'Premium plan' } },
    ],
    // Past tense asks the same figure.
    ['What was the average lead score?', { kind: 'figures', input: { period: 'this_week' } }],
    ['What is the average lead score?', { kind: 'figures', input: { period: 'this_week' } }],
    ['Summarize my last call with Hélène Côté', { kind: 'callSummary', input: { contact: 'Hélène Côté' } }],
    ['Résume mon dernier appel avec Hélène Côté', { kind: 'callSummary', input: { contact: 'Hélène Côté' } }],
    ['Summarize call #42', { kind: 'callSummary', input: { callId: 42 } }],
    ['Summarize the roof repair call', { kind: 'callSummary', input: { words: 'roof repair' } }],
    ["Résume l'appel sur la toiture", { kind: 'callSummary', input: { words: 'toiture' } }],
    ['Summarize the last call', { kind: 'callSummary', input: {} }],
    [
      'What objections came up this week?',
      { kind: 'recurringPhrases', input: { period: 'this_week', kind: 'objections' } },
    ],
    [
      'Quelles objections cette semaine ?',
      { kind: 'recurringPhrases', input: { period: 'this_week', kind: 'objections' } },
    ],
    [
      'Which calls had objections about price?',
      { kind: 'findCalls', input: { period: 'all_time', objection: 'price' } },
    ],
    [
      'Which calls had a price objection?',
      { kind: 'findCalls', input: { period: 'all_time', objection: 'price' } },
    ],
    [
      // "de" is a filler word, not the start of "decision".
      'Which calls had objections about the decision maker?',
      { kind: 'findCalls', input: { period: 'all_time', objection: 'decision maker' } },
    ],
    [
      'Timing objections this month',
      { kind: 'findCalls', input: { period: 'this_month', objection: 'timing' } },
    ],
    [
      'Quels appels ont des objections sur le prix ?',
      { kind: 'findCalls', input: { period: 'all_time', objection: 'prix' } },
    ],
    [
      'What were the main objections this week?',
      { kind: 'recurringPhrases', input: { period: 'this_week', kind: 'objections' } },
    ],
    ['What did the roofing prospect worry about?', { kind: 'callSummary', input: { words: 'roofing' } }],
    ['What was the dental office call about?', { kind: 'callSummary', input: { words: 'dental office' } }],
    ["Qu'a dit le client de la toiture ?", { kind: 'callSummary', input: { words: 'toiture' } }],
    ['What price did we quote in the roofing call?', { kind: 'callSummary', input: { words: 'roofing' } }],
    ['How much did I quote Dana Whitfield?', { kind: 'callSummary', input: { contact: 'Dana Whitfield' } }],
    [
      'Quel prix avons-nous annoncé à madame Martin ?',
      { kind: 'callSummary', input: { contact: 'madame Martin' } },
    ],
    [
      "Quels tarifs a-t-on donnés dans l'appel sur la toiture ?",
      { kind: 'callSummary', input: { words: 'toiture' } },
    ],
    ['What is the average lead score?', { kind: 'figures', input: { period: 'this_week', team: false } }],
    ['Score moyen ce mois-ci', { kind: 'figures', input: { period: 'this_month', team: false } }],
    [
      'What pain points came up last month?',
      { kind: 'recurringPhrases', input: { period: 'last_month', kind: 'pain_points' } },
    ],
    ['How many calls yesterday?', { kind: 'figures', input: { period: 'yesterday', team: false } }],
    ['Combien d’appels hier ?', { kind: 'figures', input: { period: 'yesterday', team: false } }],
    ['Team figures for the last 30 days', { kind: 'figures', input: { period: 'last_30_days', team: true } }],
    [
      'Who booked an appointment this week?',
      { kind: 'findCalls', input: { period: 'this_week', result: 'appointment' } },
    ],
    [
      'How many leads were not interested last week?',
      { kind: 'findCalls', input: { period: 'last_week', result: 'not_interested' } },
    ],
    ['Calls with Jane Doe', { kind: 'findCalls', input: { period: 'all_time', contact: 'Jane Doe' } }],
    ['Who did I call yesterday?', { kind: 'listLeads', input: { period: 'yesterday', kind: 'called' } }],
    ['Which deals are most likely to close?', { kind: 'topLeads', input: { period: 'today' } }],
    [
      'Quels prospects sont les plus susceptibles de signer cette semaine ?',
      { kind: 'topLeads', input: { period: 'this_week' } },
    ],
    [
      'Quels sont les prochains rendez-vous ?',
      { kind: 'findCalls', input: { period: 'this_week', result: 'appointment' } },
    ],
    [
      'What appointments were booked last week?',
      { kind: 'findCalls', input: { period: 'last_week', result: 'appointment' } },
    ],
    [
      'Which calls were longer than 10 minutes this week?',
      { kind: 'findCalls', input: { period: 'this_week', minSeconds: 600 } },
    ],
    ['Calls under 90 seconds', { kind: 'findCalls', input: { period: 'all_time', maxSeconds: 90 } }],
    [
      'Calls longer than twenty-five minutes',
      { kind: 'findCalls', input: { period: 'all_time', minSeconds: 1500 } },
    ],
    ['Calls over a few minutes', { kind: 'unknown' }],
    [
      'Appels de plus de deux minutes le mois dernier',
      { kind: 'findCalls', input: { period: 'last_month', minSeconds: 120 } },
    ],
    [
      'Which appointments lasted more than 5 min?',
      { kind: 'findCalls', input: { period: 'all_time', minSeconds: 300, result: 'appointment' } },
    ],
    ['What is the weather in Paris?', { kind: 'unknown' }],
    ['Write me a poem', { kind: 'unknown' }],
  ])('%s', (question, expected) => {
    expect(parseIntent(question)).toMatchObject(expected);
  });

  it('answers in the question’s language', () => {
    expect(detectQuestionLanguage('Who are the top leads today?')).toBe('en');
    expect(detectQuestionLanguage('Quels sont les meilleurs leads aujourd’hui ?')).toBe('fr');
    expect(detectQuestionLanguage('Résume mon dernier appel avec Jane')).toBe('fr');
    expect(detectQuestionLanguage('Liste tous les leads créés aujourd’hui')).toBe('fr');
  });
});
