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

  it('does not take the business that answers the phone for the prospect, and prefers the name the prospect gives', () => {
    const first = (segments: Segment[], language?: string) => summary(segments, language).split('. ')[0];
    // An inbound call: the rep answers with the business's name, the caller gives theirs.
    expect(
      first(
        call(
          ['Speaker 0', 'Good afternoon, Birchwood Violin Studio, this is Colette.'],
          ['Speaker 1', 'Hi, my name is Everett. I wanted to ask about cello lessons for my son.'],
          ['Speaker 0', 'Of course. How old is he?'],
        ),
      ),
    ).toBe('Colette spoke with Everett');
    expect(
      first(
        call(
          ['Speaker 0', 'Good morning, QuillStone, this is Bram.'],
          ['Speaker 1', 'Morning. I saw your ad and wanted a price.'],
        ),
      ),
    ).toBe('Bram spoke with the prospect');
    // A pronoun after the greeting is not a name; the prospect's own introduction is.
    expect(
      first(
        call(
          ['Rep', "Good afternoon, I'm trying to reach the owner. This is Odile from Linenry."],
          ['Prospect', 'Speaking, this is Tobias.'],
        ),
      ),
    ).toBe('Odile (Linenry) spoke with Tobias');
    // A parent naming their child is not introducing themselves.
    expect(
      first(
        call(
          ['Speaker 0', 'Good afternoon, Brightpath Tutoring, this is Rachel.'],
          ['Speaker 1', "Hi. It's Milo, he's in eighth grade and his math grade just dropped."],
        ),
      ),
    ).toBe('Rachel spoke with the prospect');
    // A title said with the name.
    expect(
      first(
        call(
          ['Speaker 1', 'Hi, Coach Delgado? This is Wren from Ridgeway Buses.'],
          ['Speaker 2', 'Yes, speaking.'],
        ),
      ),
    ).toBe('Wren (Ridgeway Buses) spoke with Coach Delgado');
    // An unpunctuated transcript: "monsieur ici …" is not a person called "ici".
    expect(
      first(
        call(
          ['Speaker 0', 'oui accueil bonjour'],
          ['Speaker 1', 'bonjour monsieur ici gaëlle de labotech je cherche la personne des commandes'],
        ),
        'fr',
      ),
    ).toBe('Le commercial a parlé avec le prospect');
    // A speaker label that names a machine or a role is not the prospect's name.
    expect(
      first(
        call(
          ['System', 'You have reached the Ferreira family, please leave a message after the tone.'],
          ['Rep', 'Hi, this is Noor from Tidy Paws mobile grooming, calling about your booking request.'],
        ),
      ),
    ).toBe('Noor (Tidy Paws) spoke with the prospect about your booking request');
  });

  it('says the topic as a sentence can hold it', () => {
    const first = (segments: Segment[], language?: string) => summary(segments, language).split('. ')[0];
    // What the rep's company does, as a gerund, cut before a second clause and without fillers.
    expect(
      first(
        call(
          [
            'Speaker 1',
            'Hi Lorna, this is Ilse. We install uh quiet heat pumps in old farmhouses so owners can drop oil.',
          ],
          ['Speaker 2', 'Okay.'],
        ),
      ),
    ).toBe('Ilse spoke with Lorna about installing quiet heat pumps in old farmhouses');
    expect(
      first(
        call(
          ['Speaker 1', 'Hi Lorna, this is Ilse. We moved our own platform to the cloud last year.'],
          ['Speaker 2', 'Okay.'],
        ),
      ),
    ).toBe('Ilse spoke with Lorna about the platform');
    // French contracts "de" with the topic's article.
    const fr = (line: string) =>
      first(
        call(['Conseiller', `Bonjour Madame Aubry, ici Paul de Tissea. ${line}`], ['Client', 'Oui.']),
        'fr',
      );
    expect(fr('Je vous appelle au sujet de le contrat de maintenance.')).toBe(
      'Paul (Tissea) a parlé avec Madame Aubry du contrat de maintenance',
    );
    expect(fr('Je vous appelle concernant les badges de vos employés.')).toBe(
      'Paul (Tissea) a parlé avec Madame Aubry des badges de vos employés',
    );
    expect(fr('Je vous appelle concernant un devis envoyé en mars.')).toBe(
      "Paul (Tissea) a parlé avec Madame Aubry d'un devis envoyé en mars",
    );
    expect(fr('Nous installons et entretenons des bornes de recharge pour les copropriétés.')).toBe(
      'Paul (Tissea) a parlé avec Madame Aubry des bornes de recharge pour les copropriétés',
    );
    expect(fr('Notre logiciel envoie les rappels.')).toBe(
      'Paul (Tissea) a parlé avec Madame Aubry de son logiciel',
    );
  });
});
