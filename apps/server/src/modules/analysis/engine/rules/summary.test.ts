import type { Segment } from '@call-insights/contracts/transcript';
import { describe, expect, it } from 'vitest';
import { analyzeWithRules } from './rules-analyzer.js';

const call = (...turns: [string, string][]): Segment[] =>
  turns.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 }));
const summary = (segments: Segment[], language?: string) =>
  analyzeWithRules({ segments, text: '', language }).call_summary;

describe('call summary', () => {
  it('names both sides, the topic, the need, the concern and the next step with its date', () => {
    const s = summary(
      call(
        ['Speaker 1', "Good morning Dave, it's Priya from FleetPulse. I'm calling about your delivery vans."],
        ['Speaker 2', 'Morning. Sure, I have a few minutes.'],
        ['Speaker 1', 'How do you track the vans today?'],
        [
          'Speaker 2',
          "We need a way to see where drivers are. Right now it's phone calls all day and it drives me crazy.",
        ],
        ['Speaker 1', 'Our tracking plan is twenty five dollars per vehicle per month.'],
        ['Speaker 2', "I'd have to run it by my partner."],
        ['Speaker 1', 'How about a short call with both of you next Tuesday at 10 am?'],
        ['Speaker 2', 'Yes, that works.'],
      ),
    );
    expect(s).toBe(
      'Priya (FleetPulse) spoke with Dave about your delivery vans. ' +
        'Dave needs: “We need a way to see where drivers are”. ' +
        "Dave’s problems: “Right now it's phone calls all day and it drives me crazy”. " +
        "Concerns: “I'd have to run it by my partner”." +
        ' Price discussed: $25 per vehicle per month.' +
        ' Agreed: a call, next Tuesday at 10 am.',
    );
  });

  it('says what was agreed on a follow-up, with its date, in French', () => {
    const s = summary(
      call(
        [
          'Conseiller',
          'Bonjour Madame Gagnon, ici Luc de Toitures Boréal. Je vous appelle au sujet de votre toiture.',
        ],
        ['Client', "Oui bonjour. On a des infiltrations d'eau depuis l'hiver, c'est pénible."],
        ['Conseiller', 'La réfection complète revient à huit mille cinq cents dollars.'],
        [
          'Client',
          "C'est trop cher pour nous cette année. Rappelez-moi la semaine prochaine, j'en parle à mon mari.",
        ],
      ),
      'fr',
    );
    expect(s).toBe(
      'Luc (Toitures Boréal) a parlé avec Madame Gagnon de votre toiture. ' +
        "Problèmes décrits par Madame Gagnon : « On a des infiltrations d'eau depuis l'hiver, c'est pénible ». " +
        "Réserves : « C'est trop cher pour nous cette année » ; « Rappelez-moi la semaine prochaine, j'en parle à mon mari ». " +
        'Prix abordé : 8 500 $. ' +
        "Suivi convenu (la semaine prochaine) : « Rappelez-moi la semaine prochaine, j'en parle à mon mari ».",
    );
  });

  it('falls back to roles when nobody is named, and says when nothing was agreed', () => {
    const s = summary(
      call(
        ['Agent', 'Hello, do you have a moment to talk about your phone bill?'],
        ['Customer', 'No thanks, not interested.'],
      ),
    );
    expect(s).toBe('The rep spoke with the prospect. The prospect declined: “No thanks, not interested”.');
  });
});
